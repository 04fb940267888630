import { ContractBillsSection } from './ContractBillsSection';
import RecordsPage from './RecordsPage';

/** Bonus details (spec 2.5): the account record's bonus lines, and the member's contract bills. */
export default function BonusDetailsPage() {
  return (
    <>
      <RecordsPage only="bonus" />
      <ContractBillsSection />
    </>
  );
}
