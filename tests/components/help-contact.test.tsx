import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { whitelabelFixture } from '../support/fixtures';
import { renderSite } from '../support/render-app';

const sections = [
  { section: 'about', kind: 'help' as const, title: 'Sobre nós', content: '<p>Demo.</p>', updatedAt: 0 },
];

describe('the help page’s contact section', () => {
  it('lists every customer-service channel as a link that leaves for it', async () => {
    await renderSite('/help#contact', { setup: (server) => server.respond('helpCenter', sections) });
    const contact = await screen.findByTestId('help-contact');
    const chat = within(contact).getByRole('link', { name: 'Chat 24h' });
    expect(chat).toHaveAttribute('href', 'https://chat.t.example/');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(within(contact).getByRole('link', { name: 'Telegram' })).toHaveAttribute(
      'href',
      'https://t.me/support',
    );
    expect(contact).toHaveTextContent('t.me/support');
    // The contents' "talk to support" leads here, not back to itself through a channel.
    expect(screen.getByTestId('help-contact-link')).toHaveAttribute('href', '#contact');
  });

  it('says honestly when the site has no channel, and the side menu leaves the section out', async () => {
    await renderSite('/help', {
      setup: (server) => {
        server.respond('whitelabel', { ...whitelabelFixture, customerService: [] });
        server.respond('helpCenter', sections);
      },
    });
    expect(await screen.findByTestId('help-contact-none')).toHaveTextContent(
      'Este site ainda não tem um canal de atendimento.',
    );
    expect(within(screen.getByTestId('side-menu')).queryByText('Atendimento ao cliente')).toBeNull();
  });
});
