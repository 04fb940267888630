import { useTranslation } from 'react-i18next';
import type { ContractTerms } from '../../api/contract/agents';
import { formatAmount, formatRate } from '../../ui/format';

/** A contract's terms as the member reads them: what it pays, how often, and its tiers. */
export function ContractTermsView({ terms }: { terms: ContractTerms }) {
  const { t, i18n } = useTranslation();
  const money = (n: number) => formatAmount(n, i18n.language);
  return (
    <div className="contract-terms" data-testid="contract-terms">
      <dl className="contract-facts">
        <div>
          <dt>{t('contracts.paid')}</dt>
          <dd>
            {terms.kind === 'dividend'
              ? t(`contracts.periods.${terms.payPeriod}`)
              : t(`contracts.kind_periods.${terms.kind}`)}
          </dd>
        </div>
        <div>
          <dt>{t('contracts.on')}</dt>
          <dd>
            {terms.kind === 'dividend'
              ? t('contracts.on_dividend')
              : t(`contracts.salary_types.${terms.salaryType}`)}
          </dd>
        </div>
        <div>
          <dt>{t('contracts.active_bet')}</dt>
          <dd>{money(terms.minActiveBet)}</dd>
        </div>
      </dl>
      <table className="records-table contract-tiers">
        <caption className="visually-hidden">{t('contracts.tiers')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('contracts.tier')}</th>
            <th scope="col" className="num">
              {t('contracts.min_valid_bet')}
            </th>
            <th scope="col" className="num">
              {t('contracts.min_active')}
            </th>
            <th scope="col" className="num">
              {t('contracts.rate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {terms.tiers.map((tier, i) => (
            <tr key={`${tier.minValidBet}:${tier.rateBp}`}>
              <td>{i + 1}</td>
              <td className="num">{money(tier.minValidBet)}</td>
              <td className="num">{tier.minActive}</td>
              <td className="num">{formatRate(tier.rateBp, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
