/** A URL as a QR code, an inline SVG made here: the setup page loads nothing from elsewhere. */
import qrcode from 'qrcode-generator'

/** `label` names the code for screen readers; `data-text` keeps what it encodes, for the page's Copy button. */
export function qrSvg (text: string, label: string): string {
  // Type 0: the smallest version that holds the text; M: still reads with a smudge on a phone's screen.
  const code = qrcode(0, 'M')
  code.addData(text)
  code.make()
  const size = code.getModuleCount()
  const dark: string[] = []
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (code.isDark(row, col)) dark.push(`M${col + 4},${row + 4}h1v1h-1z`)
  }
  const escape = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  // A quiet zone of 4 modules, as the standard asks; crisp edges, so a phone's camera sees squares.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size + 8} ${size + 8}" role="img" aria-label="${escape(label)}" data-text="${escape(text)}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="${dark.join('')}"/></svg>`
}
