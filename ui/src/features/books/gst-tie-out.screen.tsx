import { ReportScreen } from './report-screen';
import { gstTieOut } from './gst-tie-out';

export function GstTieOutScreen() {
  return <ReportScreen config={gstTieOut} />;
}
