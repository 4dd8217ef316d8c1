import { ReportScreen } from './report-screen';
import { gstr3bReport } from './gstr3b';

export function Gstr3bScreen() {
  return <ReportScreen config={gstr3bReport} />;
}
