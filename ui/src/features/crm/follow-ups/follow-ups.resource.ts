import { followUpsEntity, type FollowUp, type FollowUpBody } from '@erp/contracts';

import { createResource } from '@/lib/resource';
import { queryKeys } from '@/lib/query-keys';

export const followUpsResource = createResource<FollowUp, FollowUpBody>({
  module: followUpsEntity.module,
  name: followUpsEntity.plural,
  path: followUpsEntity.path,
  record: followUpsEntity.record,
  // The home screen counts the follow-ups due today and overdue.
  alsoInvalidates: [queryKeys.home.summary()],
});
