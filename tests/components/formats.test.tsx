import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PeriodLine } from '../../src/features/agent/PeriodLine';
import { AnnouncementList } from '../../src/features/home/AnnouncementList';
import { formatHundredths, formatMultiplier } from '../../src/features/originals/useOriginals';
import { initI18n, switchLanguage } from '../../src/i18n';

const at = new Date(2026, 10, 22, 9, 5, 7).getTime();
const items = [{ id: 1, title: 'Manutenção', content: '<p>x</p>', startDateStr: at }];

describe('dates and numbers, one way per language on every page', () => {
  it('a member page and an agent page write dates day first in Portuguese', async () => {
    await initI18n('pt');
    render(
      <>
        <AnnouncementList items={items} openIndex={null} onToggle={() => {}} />
        <PeriodLine from="2026-11-01" to="2026-11-22" />
      </>,
    );
    expect(screen.getByText('22/11/2026 09:05:07')).toBeInTheDocument();
    // The agent pages wrote DD/MM/YYYY while the member pages wrote YYYY-MM-DD.
    expect(screen.getByText(/01\/11\/2026.*22\/11\/2026/)).toBeInTheDocument();
  });

  it('and YYYY-MM-DD in English', async () => {
    await initI18n('pt');
    await switchLanguage('en');
    render(
      <>
        <AnnouncementList items={items} openIndex={null} onToggle={() => {}} />
        <PeriodLine from="2026-11-01" to="2026-11-22" />
      </>,
    );
    expect(screen.getByText('2026-11-22 09:05:07')).toBeInTheDocument();
    expect(screen.getByText(/2026-11-01.*2026-11-22/)).toBeInTheDocument();
  });

  it("the in-house games write multipliers with the page's decimal comma", async () => {
    await initI18n('pt');
    await switchLanguage('pt');
    expect(formatMultiplier(20_000, 4)).toBe('2,0000');
    expect(formatHundredths(128)).toBe('1,28');
    expect(formatHundredths(9_900)).toBe('99,00');
    await switchLanguage('en');
    expect(formatMultiplier(20_000, 4)).toBe('2.0000');
    expect(formatHundredths(128)).toBe('1.28');
  });
});
