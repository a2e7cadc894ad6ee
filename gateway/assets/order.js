// The order's page: the copy buttons beside the account number and the
// transfer's title. Without a script (or a clipboard) they stay hidden and
// the texts are there to select.
(() => {
  if (!navigator.clipboard) return;
  const status = document.getElementById('copy-status');
  for (const button of document.querySelectorAll('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const source = document.getElementById(button.dataset.copy);
      if (!source) return;
      // The IBAN is shown in groups of four; banking apps want it whole.
      const text = source.textContent.replace(/\s+/g, source.dataset.compact === 'true' ? '' : ' ').trim();
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return;
      }
      for (const other of document.querySelectorAll('button[data-copied]')) other.removeAttribute('data-copied');
      button.setAttribute('data-copied', '');
      if (status) status.textContent = button.dataset.done || '';
    });
  }
})();
