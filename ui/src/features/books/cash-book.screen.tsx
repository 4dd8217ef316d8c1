import { ReportScreen } from './report-screen';
import { cashBook } from './reports';

export function CashBookScreen() {
  return <ReportScreen config={cashBook} />;
}
