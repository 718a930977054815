/** Request and response bodies of the notification routes. */
import { Type, type Static } from 'typebox'

const toastPositions = ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight', 'Top', 'Bottom'] as const
const toastAnimations = ['None', 'Fade', 'SlideFromRight', 'SlideFromLeft', 'SlideFromTop', 'SlideFromBottom'] as const
export type ToastPosition = typeof toastPositions[number]

const literals = <T extends readonly string[]>(values: T, description: string) => Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v)), { description }))

export const PositionSchema = literals(toastPositions, 'Where on screen; one toast at a time per position.')
export const AnimationSchema = literals(toastAnimations, 'How it enters and leaves.')

export const ToastBody = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 40, default: 'info', description: 'What kind of toast (info, success, warning, error ...); overlays style by it.' }),
  title: Type.String({ maxLength: 200, default: '', description: 'Title; title and message may not both be empty.' }),
  message: Type.String({ maxLength: 2000, default: '', description: 'Text; title and message may not both be empty.' }),
  imageUrl: Type.Optional(Type.String({ maxLength: 2000, description: 'An image to show beside the text.' })),
  durationMs: Type.Integer({ minimum: 500, maximum: 60000, default: 4000, description: 'How long it stays on screen.' }),
  position: { ...PositionSchema, default: 'BottomRight' },
  animation: { ...AnimationSchema, default: 'Fade' }
}, { additionalProperties: false })
export type ToastRequest = Static<typeof ToastBody>

export const ToastAccepted = Type.Object({
  queued: Type.Literal(true),
  id: Type.String({ description: 'The toast\'s id, as its notifications.toast event carries it.' })
})

export const NativeNotificationBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 2000, description: 'Text the frontend shows.' })
}, { additionalProperties: false })

export const NativeNotificationAccepted = Type.Object({
  queued: Type.Boolean({ description: 'The frontend took the message.' }),
  endpoint: Type.String({ description: 'The frontend web API route used (`/notify` or `/messagebox`).' }),
  message: Type.String()
})
