import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBanner, AdminPage } from '../../src/api/contract/content-admin';
import { BannersPanel, PagesPanel } from '../../src/backoffice/content-panels';
import { RichTextEditor } from '../../src/backoffice/rich-text-editor';
import { initI18n } from '../../src/i18n';
import { installFakeServer } from '../support/fake-server';

const token = 't'.repeat(32);

const banner = (id: number, patch: Partial<AdminBanner> = {}): AdminBanner => ({
  id,
  groupName: 'w_home',
  imageUrl: `/art/banner/b${id}.svg`,
  title: { pt: `Banner ${id}`, en: `Banner ${id} EN` },
  subtitle: null,
  linkageType: null,
  linkageTarget: null,
  sortOrder: id,
  active: true,
  archived: false,
  startsAt: null,
  endsAt: null,
  standing: 'live',
  updatedAt: 0,
  ...patch,
});

const terms: AdminPage = {
  id: 7,
  code: 'terms',
  kind: 'legal',
  title: { pt: 'Termos e condições', en: 'Terms and conditions' },
  body: { pt: '<p>Texto</p>', en: '<p>Text</p>' },
  sortOrder: 0,
  active: true,
  archived: false,
  standing: 'live',
  updatedAt: 0,
  edited: false,
};

beforeAll(async () => {
  await initI18n('pt');
});

describe('the content pages of the back office', { timeout: 30_000 }, () => {
  it('lists banners with how they stand, and switches one off through the confirmation', async () => {
    const server = installFakeServer();
    let rows = [
      banner(1),
      banner(2, { groupName: 'w_login' }),
      banner(3, { startsAt: 4_102_444_800_000, standing: 'scheduled' }),
    ];
    server.respond('adminBanners', () => rows);
    server.respond('setBannerState', () => {
      rows = rows.map((b) => (b.id === 1 ? { ...b, active: false, standing: 'off' as const } : b));
      return rows[0]!;
    });
    const user = userEvent.setup();
    render(<BannersPanel token={token} onExpired={() => {}} />);
    const first = await screen.findByTestId('bo-banner-1');
    expect(first).toHaveTextContent('No ar');
    expect(screen.getByTestId('bo-banner-3')).toHaveTextContent('Agendado');
    // The home's banners come first, whatever the server's order.
    const items = screen.getAllByRole('listitem').map((li) => li.getAttribute('data-testid'));
    expect(items).toEqual(['bo-banner-1', 'bo-banner-3', 'bo-banner-2']);

    await user.click(within(first).getByRole('button', { name: 'Desligar' }));
    const dialog = await screen.findByTestId('bo-task');
    expect(dialog).toHaveTextContent('Banner 1');
    expect(dialog).toHaveTextContent('Desligado');
    await user.type(within(dialog).getByRole('textbox'), 'Campanha encerrada');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByTestId('bo-task')).toBeNull());
    const sent = server.calls.find((c) => c.path === '/api/backoffice/content/banners/state');
    expect(sent?.body).toMatchObject({
      id: 1,
      state: 'off',
      reason: 'Campanha encerrada',
      requestId: expect.any(String),
    });
    await waitFor(() => expect(screen.getByTestId('bo-banner-1')).toHaveTextContent('Desligado'));
  });

  it('moves a banner up within its own group only', async () => {
    const server = installFakeServer();
    server.respond('adminBanners', [banner(1), banner(2, { groupName: 'w_login' }), banner(3)]);
    server.respond('orderBanners', [banner(3), banner(1)]);
    const user = userEvent.setup();
    render(<BannersPanel token={token} onExpired={() => {}} />);
    const third = await screen.findByTestId('bo-banner-3');
    expect(
      within(screen.getByTestId('bo-banner-1')).getByRole('button', { name: 'Mover para cima' }),
    ).toBeDisabled();
    await user.click(within(third).getByRole('button', { name: 'Mover para cima' }));
    const dialog = await screen.findByTestId('bo-task');
    await user.type(within(dialog).getByRole('textbox'), 'Campanha nova primeiro');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByTestId('bo-task')).toBeNull());
    const sent = server.calls.find((c) => c.path === '/api/backoffice/content/banners/order');
    expect(sent?.body).toMatchObject({ groupName: 'w_home', ids: [3, 1] });
  });

  it('keeps a page’s code once made, and sends both languages of its text', async () => {
    const server = installFakeServer();
    server.respond('adminPages', [terms]);
    server.respond('savePage', { ...terms, edited: true });
    const user = userEvent.setup();
    render(<PagesPanel token={token} onExpired={() => {}} />);
    const row = await screen.findByTestId('bo-page-terms');
    expect(row).toHaveTextContent('Texto da instalação');
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const editor = await screen.findByTestId('bo-page-editor');
    expect(within(editor).getByRole('textbox', { name: /Código/ })).toBeDisabled();
    await user.click(within(editor).getByTestId('bo-save'));
    const dialog = await screen.findByTestId('bo-task');
    expect(dialog).toHaveTextContent('/help#terms');
    await user.type(within(dialog).getByRole('textbox'), 'Revisão jurídica');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByTestId('bo-page-editor')).toBeNull());
    const sent = server.calls.find((c) => c.path === '/api/backoffice/content/pages' && c.method === 'POST');
    expect(sent?.body).toMatchObject({
      id: 7,
      code: 'terms',
      kind: 'legal',
      body: { pt: '<p>Texto</p>', en: '<p>Text</p>' },
      reason: 'Revisão jurídica',
    });
  });
});

/** The box as a page holds it: its value in state. */
function Holder({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Texto"
      value={value}
      onChange={(html) => {
        setValue(html);
        onChange(html);
      }}
    />
  );
}

describe('the rich text box', () => {
  it('never puts a handler or a script into the back office, and edits the source as HTML', async () => {
    installFakeServer();
    let value = '';
    const user = userEvent.setup();
    render(
      <Holder
        initial={
          '<p>Olá</p><img src="/x.png" onerror="window.hacked = true"><script>window.hacked = true</script>'
        }
        onChange={(html) => {
          value = html;
        }}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Texto' });
    await waitFor(() => expect(box.innerHTML).toContain('<p>Olá</p>'));
    expect(box.innerHTML).not.toMatch(/onerror|<script/);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'HTML' }));
    const source = screen.getByRole('textbox', { name: 'Texto' });
    expect(source.tagName).toBe('TEXTAREA');
    await user.clear(source);
    await user.type(source, '<h3>Regras</h3>');
    expect(value).toBe('<h3>Regras</h3>');
    // Back to the formatted box: the heading, as written.
    await user.click(screen.getByRole('button', { name: 'HTML' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Texto' }).innerHTML).toBe('<h3>Regras</h3>'),
    );
  });
});
