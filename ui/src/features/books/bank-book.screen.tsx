import { ReportScreen } from './report-screen';
import { bankBook } from './reports';

export function BankBookScreen() {
  return <ReportScreen config={bankBook} />;
}
