/** The toast event overlays show (spec §4.3: `notifications.` on `/ws/system`). */
import { Type } from 'typebox'
import { define, int, open, str, type EventMap } from '../core/events/definition.js'
import { AnimationSchema, PositionSchema } from './schemas.js'

export const notificationEvents = [
  define('notifications.toast', 'A toast is due on screen now: show it at its position for DurationMs. Published when its turn comes, one at a time per position, in the order they were posted.', open({
    Id: str('The id the POST answered.'),
    Type: str('What kind of toast (info, success, warning, error ...), for the overlay\'s styling.'),
    Title: str('Title; may be empty when Message is not.'),
    Message: str('Text; may be empty when Title is not.'),
    ImageUrl: Type.Union([Type.String(), Type.Null()], { description: 'An image to show beside the text, or null.' }),
    DurationMs: int('How long it stays on screen.'),
    Position: PositionSchema,
    Animation: AnimationSchema
  }, 'toast'), {
    example: { Id: 't-1', Type: 'info', Title: 'New hiscore', Message: 'Me: 42 000 on pacman', ImageUrl: null, DurationMs: 4000, Position: 'BottomRight', Animation: 'Fade' }
  })
]

export type NotificationEventMap = EventMap<typeof notificationEvents>
