/**
 * The few inline lines the audit form page carries (allowed by their hash, like the head script): how long the form
 * was open goes with it (a form sent sooner than a person can type is refused), and the button shows it is busy.
 * Without JavaScript the form posts all the same.
 */
// Relative: astro.config.mjs reads these scripts (their hashes are allowed in on-demand pages) without the ~ alias.
import { auditMessages } from '../config/audit';
import { visitDetailsKey } from './visit-details';

export const auditFormScript = `(()=>{const f=document.querySelector('form[data-audit-form]');if(!f)return;const b=f.querySelector('button[type=submit]'),l=b.textContent;f.addEventListener('submit',()=>{f.elements.namedItem('elapsed').value=String(Math.round(performance.now()));setTimeout(()=>{b.disabled=true;b.textContent=${JSON.stringify(auditMessages.starting)}},0)});addEventListener('pageshow',()=>{b.disabled=false;b.textContent=l})})();`;

/**
 * The results page's live progress: the server's progress stream (server-sent events) updates the sentence and the
 * bar; when the audit ends the page is loaded again with its results. Text is set as text, never as markup.
 */
export const auditProgressScript = `(()=>{const r=document.querySelector('[data-audit-events]');if(!r||!window.EventSource)return;const t=r.querySelector('[data-progress-text]'),p=r.querySelector('progress'),s=new EventSource(r.dataset.auditEvents);s.addEventListener('progress',e=>{const d=JSON.parse(e.data);t.textContent=d.text;if(d.total>0){p.max=d.total;p.value=Math.min(d.done,d.total)}else p.removeAttribute('value')});s.addEventListener('end',()=>{s.close();location.reload()});s.onerror=()=>{s.close();setTimeout(()=>location.reload(),3000)}})();`;

/**
 * The results page's report form: what the visitor types there is kept for this visit (src/lib/visit-details.ts), so
 * "Book a 15-min call" does not ask for it again. Text only, never markup.
 */
export const rememberReportDetailsScript = `(()=>{const f=document.querySelector('form[data-report-form]');if(!f)return;const k=${JSON.stringify(visitDetailsKey)},s=()=>{try{sessionStorage.setItem(k,JSON.stringify({name:f.elements.namedItem('name').value.trim(),email:f.elements.namedItem('email').value.trim()}))}catch{}};f.addEventListener('input',s);f.addEventListener('submit',s)})();`;
