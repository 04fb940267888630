import { BonusSection } from './BonusSection';
import { ContractBillsSection } from './ContractBillsSection';
import RecordsPage from './RecordsPage';

/**
 * Bonus details (spec 2.5): the member's bonuses with their terms and wagering, the account record's
 * bonus lines, and the member's contract bills.
 */
export default function BonusDetailsPage() {
  return (
    <>
      <BonusSection />
      <RecordsPage only="bonus" />
      <ContractBillsSection />
    </>
  );
}
