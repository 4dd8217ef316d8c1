import { ReportScreen } from './report-screen';
import { balanceSheet } from './final-accounts';

export function BalanceSheetScreen() {
  return <ReportScreen config={balanceSheet} />;
}
