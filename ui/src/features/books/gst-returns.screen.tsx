import { ReportScreen } from './report-screen';
import { gstReturns } from './reports';

export function GstReturnsScreen() {
  return <ReportScreen config={gstReturns} />;
}
