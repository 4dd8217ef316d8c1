import { ReportScreen } from './report-screen';
import { ledgers } from './reports';

export function LedgersScreen() {
  return <ReportScreen config={ledgers} />;
}
