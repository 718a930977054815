/** Follows a WebSocket stream of this service, reconnecting by itself. */

export interface StreamListener<E> {
  /**
   * Every message of the stream that parses as JSON. A stream may carry types the listener does
   * not name: it checks `Type` before reading a payload.
   */
  readonly event: (event: E) => void
  /** On every (re)connect, before the stream's retained events arrive. */
  readonly opened?: () => void
  readonly closed?: () => void
}

const firstRetryMs = 500
const lastRetryMs = 10_000

/** `path`: `/ws/<stream>` on the page's own host. A lost socket is opened again after 0.5 s, doubling up to 10 s. */
export function follow<E> (path: string, listener: StreamListener<E>): void {
  let delay = firstRetryMs
  const open = (): void => {
    const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path)
    socket.onopen = () => {
      delay = firstRetryMs
      listener.opened?.()
    }
    socket.onmessage = (message: MessageEvent<string>) => {
      let event: E
      try { event = JSON.parse(message.data) as E } catch { return }
      listener.event(event)
    }
    socket.onclose = () => {
      listener.closed?.()
      setTimeout(open, delay)
      delay = Math.min(delay * 2, lastRetryMs)
    }
  }
  open()
}
