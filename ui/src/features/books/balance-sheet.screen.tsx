import { ReportScreen } from './report-screen';
import { balanceSheet } from './reports';

export function BalanceSheetScreen() {
  return <ReportScreen config={balanceSheet} />;
}
