import { ReportScreen } from './report-screen';
import { dayBook } from './reports';

export function DayBookScreen() {
  return <ReportScreen config={dayBook} />;
}
