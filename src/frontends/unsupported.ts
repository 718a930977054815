import { HubError } from '../core/errors.js'

/** The frontend has no way to do this (Recalbox has no notify): 501 `FRONTEND_UNSUPPORTED`, naming the family. */
export class FrontendUnsupportedError extends HubError {
  constructor (family: string, what: string) {
    super(501, 'FRONTEND_UNSUPPORTED', `${family} cannot ${what}: it offers no way to, so nothing was sent`)
    this.name = 'FrontendUnsupportedError'
  }
}
