import { ReportScreen } from './report-screen';
import { profitAndLoss } from './final-accounts';

export function ProfitAndLossScreen() {
  return <ReportScreen config={profitAndLoss} />;
}
