import { ReportScreen } from './report-screen';
import { ageing } from './reports';

export function AgeingScreen() {
  return <ReportScreen config={ageing} />;
}
