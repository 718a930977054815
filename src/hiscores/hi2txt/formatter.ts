/** The `formatter` attribute: a Java-Formatter-style pattern (`%.2fsec`, `%05d`, `%X`, `%s`, `%%`). */
import { DefinitionError } from './errors.js'
import { numeric } from './values.js'

export function applyFormatter (pattern: string, value: string): string {
  return pattern.replace(/%([-0+,]*)(\d+)?(?:\.(\d+))?([dfsxXeE%])/g, (_all, flags: string, width: string | undefined, precision: string | undefined, conversion: string) => {
    if (conversion === '%') return '%'
    const number = numeric(value)
    let text: string
    switch (conversion) {
      case 's': text = precision === undefined ? value : value.slice(0, Number(precision)); break
      case 'd': text = Number.isNaN(number) ? value : Math.trunc(number).toString(); break
      case 'f': text = Number.isNaN(number) ? value : number.toFixed(precision === undefined ? 6 : Number(precision)); break
      case 'e': case 'E': text = Number.isNaN(number) ? value : number.toExponential(precision === undefined ? 6 : Number(precision)); break
      case 'x': text = Number.isNaN(number) ? value : Math.trunc(number).toString(16); break
      case 'X': text = Number.isNaN(number) ? value : Math.trunc(number).toString(16).toUpperCase(); break
      default: throw new DefinitionError(`formatter conversion %${conversion} is not supported`)
    }
    if (conversion === 'E') text = text.toUpperCase()
    if (flags.includes(',') && !Number.isNaN(number)) text = text.replace(/^(-?\d+)/, (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ','))
    if (flags.includes('+') && !Number.isNaN(number) && number >= 0) text = `+${text}`
    const size = width === undefined ? 0 : Number(width)
    if (text.length >= size) return text
    if (flags.includes('-')) return text.padEnd(size, ' ')
    if (flags.includes('0') && !Number.isNaN(number)) return text.startsWith('-') ? `-${text.slice(1).padStart(size - 1, '0')}` : text.padStart(size, '0')
    return text.padStart(size, ' ')
  })
}
