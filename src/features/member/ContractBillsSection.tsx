import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { BillsTable } from '../agent/BillsPage';
import { Pager } from '../agent/Pager';

type Bills = Awaited<ReturnType<typeof call<'contractBills'>>>;
const PAGE_SIZE = 10;

/**
 * A contract holder's bills in the member centre, with the figures each was computed from: the place a
 * member without an agent centre (a player holding a salary or dividend) reads them. Nothing when none.
 */
export function ContractBillsSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Bills | null>(null);
  useEffect(() => {
    let live = true;
    call('contractBills', { query: { role: 'received', page, pageSize: PAGE_SIZE } }).then(
      (d) => live && setData(d),
      () => live && setData(null),
    );
    return () => {
      live = false;
    };
  }, [page]);
  if (!data || data.total === 0) return null;
  return (
    <section className="contract-bills" data-testid="member-contract-bills">
      <h3 className="agent-subtitle">{t('agent.bills.member_title')}</h3>
      <BillsTable items={data.items} side="received" />
      <Pager page={page} pages={Math.ceil(data.total / PAGE_SIZE)} onPage={setPage} />
    </section>
  );
}
