import { ReportScreen } from './report-screen';
import { statements } from './reports';

export function StatementsScreen() {
  return <ReportScreen config={statements} />;
}
