import { Badge } from '@mantine/core';
import type { ParkedEmail } from '@verdant/contracts/email-processing/queues';

const LOOK: Record<ParkedEmail['urgency'], { color: string; label: string }> = {
  notification: { color: 'gray', label: 'Notification' },
  urgent: { color: 'yellow', label: 'Urgent' },
  immediate: { color: 'orange', label: 'Immediate' },
  emergency: { color: 'red', label: 'Emergency' },
};

/** A parked email's urgency by its age (data-portal.md 4); emergency means its file is deleted soon. */
export function UrgencyBadge({ urgency }: { urgency: ParkedEmail['urgency'] }) {
  const look = LOOK[urgency];
  return (
    <Badge
      color={look.color}
      variant={urgency === 'notification' ? 'light' : 'filled'}
      style={{ flexShrink: 0 }}
      miw="fit-content"
    >
      {look.label}
    </Badge>
  );
}
