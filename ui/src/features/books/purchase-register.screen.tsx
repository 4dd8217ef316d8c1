import { ReportScreen } from './report-screen';
import { purchaseRegister } from './reports';

export function PurchaseRegisterScreen() {
  return <ReportScreen config={purchaseRegister} />;
}
