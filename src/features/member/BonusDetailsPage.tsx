import RecordsPage from './RecordsPage';

/** Bonus details (spec 2.5): the account record's bonus lines. */
export default function BonusDetailsPage() {
  return <RecordsPage only="bonus" />;
}
