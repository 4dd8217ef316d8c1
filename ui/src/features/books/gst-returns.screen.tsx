import { ReportScreen } from './report-screen';
import { gstReturns } from './gst-returns';

export function GstReturnsScreen() {
  return <ReportScreen config={gstReturns} />;
}
