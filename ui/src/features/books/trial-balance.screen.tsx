import { ReportScreen } from './report-screen';
import { trialBalance } from './reports';

export function TrialBalanceScreen() {
  return <ReportScreen config={trialBalance} />;
}
