import { ReportScreen } from './report-screen';
import { profitAndLoss } from './reports';

export function ProfitAndLossScreen() {
  return <ReportScreen config={profitAndLoss} />;
}
