/** Toasts as the service queues them: one per position at a time, each for its DurationMs. */
import type { Overlay } from './shell.js'

const positions = ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight', 'Top', 'Bottom']

export const toastsOverlay: Overlay = {
  name: 'toasts',
  title: 'Toasts',
  description: 'Toasts posted to /api/v1/toast-notifications, at their position, for their duration.',
  size: { w: 1280, h: 720 },
  style: `
.slot { position: absolute; max-width: 40%; display: flex; }
.TopLeft { top: 4%; left: 3%; } .TopRight { top: 4%; right: 3%; } .Top { top: 4%; left: 50%; transform: translateX(-50%); }
.BottomLeft { bottom: 4%; left: 3%; } .BottomRight { bottom: 4%; right: 3%; } .Bottom { bottom: 4%; left: 50%; transform: translateX(-50%); }
.toast { display: flex; gap: 14px; align-items: center; padding: 14px 20px; border-radius: 12px; background: rgba(20, 24, 38, .88); border-left: 6px solid #4aa3ff; box-shadow: 0 4px 18px rgba(0, 0, 0, .5); }
.toast.success { border-color: #3ecf6e; } .toast.warning { border-color: #f2b233; } .toast.error { border-color: #ff5a5a; }
.toast img { width: 64px; height: 64px; object-fit: contain; }
.toast .title { font-size: 1.05em; } .toast .message { font-weight: 400; font-size: .9em; }
.toast.Fade { animation: fade .3s ease-out both; } .toast.Fade.leaving { animation: fade .3s ease-in reverse both; }
.toast.SlideFromRight { animation: from-right .35s ease-out both; } .toast.SlideFromLeft { animation: from-left .35s ease-out both; }
.toast.SlideFromTop { animation: from-top .35s ease-out both; } .toast.SlideFromBottom { animation: from-bottom .35s ease-out both; }
.toast.leaving:not(.Fade):not(.None) { animation: fade .3s ease-in reverse both; }
@keyframes fade { from { opacity: 0 } to { opacity: 1 } }
@keyframes from-right { from { opacity: 0; transform: translateX(60px) } to { opacity: 1; transform: none } }
@keyframes from-left { from { opacity: 0; transform: translateX(-60px) } to { opacity: 1; transform: none } }
@keyframes from-top { from { opacity: 0; transform: translateY(-60px) } to { opacity: 1; transform: none } }
@keyframes from-bottom { from { opacity: 0; transform: translateY(60px) } to { opacity: 1; transform: none } }
`,
  body: positions.map((p) => `<div class="slot ${p}" data-position="${p}"></div>`).join('\n')
}
