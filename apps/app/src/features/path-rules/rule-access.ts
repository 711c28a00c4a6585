/**
 * Who may publish a rule's change here, as the server decides it: only owners and admins change
 * path rules directly (`site: update`), and under the two-person rule nobody does, as every rule
 * change is dangerous at scale. Anyone in the organization may save a change as a draft and
 * propose it in a change request. `note` says so when Save is not offered.
 */
export function ruleChangeAccess(
  canManage: boolean,
  twoPersonRule: boolean,
): { mayPublish: boolean; note: string | null } {
  if (!canManage) {
    return {
      mayPublish: false,
      note: 'Owners and admins publish rule changes: save yours as a draft and they review it in a change request.',
    }
  }
  if (twoPersonRule) {
    return {
      mayPublish: false,
      note: 'The two-person rule is on: rule changes are published through a change request another person approves.',
    }
  }
  return { mayPublish: true, note: null }
}
