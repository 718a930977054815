/**
 * The read-only link as the owner sees it on the live page and on /overlays/: this page's URL on
 * each LAN address of the machine with the token, and a Copy button. Only this machine is given
 * the link (`/api/v1/read-link` is loopback only), so the block stays hidden elsewhere.
 */
export const readLinkHtml = `<div id="read-link" hidden>
  <p>From another machine (OBS on the streaming PC, a screen on the LAN), open read-only:</p>
  <ul id="read-link-urls"></ul>
  <p class="dim">Reads only: state changes still need the API key. Delete <code>read-link-token</code> in the data dir to revoke every link.</p>
</div>
<script type="module">
const answer = await fetch('/api/v1/read-link').catch(() => null)
if (answer?.ok) {
  const link = await answer.json()
  const list = document.getElementById('read-link-urls')
  for (const origin of link.lanOrigins) {
    const url = origin + location.pathname + '?' + link.query
    const item = document.createElement('li')
    const code = document.createElement('code')
    code.textContent = url
    const copy = document.createElement('button')
    copy.textContent = 'Copy'
    copy.addEventListener('click', () => { navigator.clipboard?.writeText(url).then(() => { copy.textContent = 'Copied' }, () => { copy.textContent = 'Select and copy' }) })
    item.append(code, ' ', copy)
    list.append(item)
  }
  document.getElementById('read-link').hidden = link.lanOrigins.length === 0
}
</script>`
