import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface LeadFormView {
  siteKey: string;
  address: string;
  /** The page the widget sits on (kept with a consent), as far as the frame knows it. */
  page: string;
  /** The consent's exact words, naming the lender. */
  consent: string;
  dark: boolean;
  nonce: string;
  /** The visitor's language: the form's words, its script's messages, and the report link's mail. */
  locale: Locale;
  /** The app's failure words by `error.code` (the Errors namespace), shown in place of the server's English. */
  errors: Record<string, string>;
}

/**
 * The CSS of the report form, beside the widget's own: inputs that fit a narrow frame, and a honeypot that people do
 * not see (off-screen, out of the tab order) and bots fill in.
 */
export const leadFormCss = (dark: boolean) =>
  `.report{margin-top:16px;border-top:1px solid ${dark ? "#475569" : "#cbd5e1"};padding-top:12px}.report h2{font-size:16px;margin:0 0 4px}.report p{margin:0 0 8px;font-size:13px}
.report input[type=email],.report input[type=tel],.report input[type=text]{width:100%;margin-bottom:8px;padding:9px 10px;border:1px solid ${dark ? "#475569" : "#64748b"};border-radius:8px;font:inherit;background:${dark ? "#1e293b" : "#fff"};color:inherit}.field{margin-bottom:2px}
.consent{display:flex;gap:8px;align-items:flex-start;margin:4px 0 10px;font-size:12px}.consent[hidden]{display:none}.consent label{font-weight:400}.consent input{margin-top:3px;flex:none}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.status{margin-top:8px;font-size:13px}`;

/**
 * "Get my full report" under the estimate: name, email, an optional phone (with it, the unticked consent naming the
 * lender), and a script that solves the form's proof-of-work challenge with SubtleCrypto before it sends the lead.
 */
export function leadFormHtml(view: LeadFormView): string {
  const t = translator(view.locale, "Widget");
  const words = { sending: t("sending"), thanks: t("thanks"), failed: t("failed") };
  const config = JSON.stringify({
    key: view.siteKey,
    address: view.address,
    page: view.page,
    lang: view.locale,
    words,
    errors: view.errors,
  }).replace(/</g, "\\u003c");
  return `<section class="report" aria-labelledby="report-title"><h2 id="report-title">${escape(t("reportTitle"))}</h2>
<p>${escape(t("reportIntro"))}</p>
<form id="lead">
<label class="field" for="lead-name">${escape(t("name"))}</label><input type="text" id="lead-name" name="name" autocomplete="name" maxlength="100" required>
<label class="field" for="lead-email">${escape(t("email"))}</label><input type="email" id="lead-email" name="email" autocomplete="email" maxlength="320" required>
<label class="field" for="lead-phone">${escape(t("phone"))}</label><input type="tel" id="lead-phone" name="phone" autocomplete="tel" maxlength="40">
<div class="consent" id="lead-consent-row" hidden><input type="checkbox" id="lead-consent" name="consent"><label for="lead-consent">${escape(view.consent)}</label></div>
<div class="hp" aria-hidden="true"><label for="lead-website">${escape(t("website"))}</label><input type="text" id="lead-website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">${escape(t("send"))}</button>
<p class="status" id="lead-status" role="status" aria-live="polite"></p>
</form><noscript><p>${escape(t("noScript"))}</p></noscript></section>
<script nonce="${view.nonce}">(function(){
var c=${config},f=document.getElementById("lead"),st=document.getElementById("lead-status"),ph=document.getElementById("lead-phone"),row=document.getElementById("lead-consent-row"),box=document.getElementById("lead-consent"),pending=null;
function v(id){return document.getElementById(id).value}
function show(){var on=ph.value.trim()!=="";row.hidden=!on;box.required=on}
ph.addEventListener("input",show);
function zeros(b){var n=0;for(var i=0;i<b.length;i++){if(b[i]===0){n+=8;continue}return n+Math.clz32(b[i])-24}return n}
async function solve(ch){var enc=new TextEncoder();for(var i=0;;i++){var d=new Uint8Array(await crypto.subtle.digest("SHA-256",enc.encode(ch.challenge+":"+i)));if(zeros(d)>=ch.bits)return String(i)}}
function stamp(){var at=Date.now();return fetch("/api/widget/leads/challenge?key="+encodeURIComponent(c.key)+"&page="+encodeURIComponent(c.page)+"&lang="+encodeURIComponent(c.lang)).then(function(r){if(!r.ok)throw new Error("challenge");return r.json()}).then(function(ch){return solve(ch).then(function(s){return{challenge:ch.challenge,solution:s,ready:at+ch.minSeconds*1000+250}})})}
function start(){if(!pending)pending=stamp();pending.catch(function(){pending=null})}
f.addEventListener("focusin",start);
f.addEventListener("submit",async function(e){e.preventDefault();if(!f.reportValidity())return;
var b=f.querySelector("button");b.disabled=true;st.textContent=c.words.sending;
try{for(var tries=0;tries<2;tries++){start();var s=await pending;pending=null;var wait=s.ready-Date.now();if(wait>0)await new Promise(function(r){setTimeout(r,wait)});
var r=await fetch("/api/widget/leads?lang="+encodeURIComponent(c.lang),{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({key:c.key,address:c.address,page:c.page,name:v("lead-name"),email:v("lead-email"),phone:ph.value.trim()||undefined,consent:box.checked,website:v("lead-website"),challenge:s.challenge,solution:s.solution})});
if(r.ok){f.reset();show();st.textContent=c.words.thanks;return}
var j=await r.json().catch(function(){return null});if(r.status===403&&j&&j.error&&j.error.fields&&j.error.fields.challenge)continue;
st.textContent=(j&&j.error&&(c.errors[j.error.code]||j.error.message))||c.words.failed;return}
st.textContent=c.words.failed;}catch(x){st.textContent=c.words.failed}finally{b.disabled=false}});
})();</script>`;
}
