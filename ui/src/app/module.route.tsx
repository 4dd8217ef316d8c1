import { usePrefetchTask } from '@/app/prefetch';
import { ModuleScreen } from '@/features/modules/module.screen';

/** The module landing with hover prefetch wired in; its own chunk, with the resources. */
export function ModuleRoute() {
  return <ModuleScreen onTaskIntent={usePrefetchTask()} />;
}
