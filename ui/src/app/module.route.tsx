import { useEffect } from 'react';
import { useParams } from 'react-router-dom';

import { usePrefetchTask } from '@/app/prefetch';
import { prefetchModuleScreens } from '@/app/routes';
import { ModuleScreen } from '@/features/modules/module.screen';

/** The module landing with hover prefetch wired in, and its task screens' code fetched when idle; its own chunk, with the resources. */
export function ModuleRoute() {
  const { moduleName = '' } = useParams();
  useEffect(() => prefetchModuleScreens(moduleName), [moduleName]);
  return <ModuleScreen onTaskIntent={usePrefetchTask()} />;
}
