import { ReportScreen } from './report-screen';
import { salesRegister } from './reports';

export function SalesRegisterScreen() {
  return <ReportScreen config={salesRegister} />;
}
