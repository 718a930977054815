/**
 * The read-only link as the owner sees it on the live page and on /overlays/: this page's URL on
 * each LAN address of the machine with the token, and a Copy button, which the page's script
 * fills in (src/browser/shared/read-link.ts); hidden until it does, and elsewhere than on this machine.
 */
export const readLinkHtml = `<div id="read-link" hidden>
  <p>From another machine (OBS on the streaming PC, a screen on the LAN), open read-only:</p>
  <ul id="read-link-urls"></ul>
  <p class="dim">Reads only: state changes still need the API key. Delete <code>read-link-token</code> in the data dir to revoke every link.</p>
</div>`
