import type { ViewData } from '../../commands/view.js';

/**
 * The data as a JSON script block: memory text is untrusted (a session may quote `</script>` or
 * markup), so every character that could end the block or start markup is escaped; the page's
 * script reads it with JSON.parse and writes text nodes only (textContent), never HTML.
 */
export function embedJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Escapes text for an HTML text node or a quoted attribute (only the title uses it; the rest is built by the script). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CSS = `
:root{--fg:#1d232a;--mut:#5f6b76;--bg:#fff;--line:#e3e7eb;--acc:#2b6cb0;--warn:#b7791f;--bad:#c53030;--ok:#2f855a}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;color:var(--fg);background:var(--bg)}
header{padding:12px 20px;border-bottom:1px solid var(--line);display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}
header h1{font-size:18px;margin:0}header .mut{color:var(--mut)}
nav{display:flex;gap:4px;padding:8px 20px;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg);z-index:2}
nav button{border:1px solid var(--line);background:#f7f9fa;border-radius:6px;padding:4px 10px;cursor:pointer;font:inherit}
nav button[aria-selected=true]{background:var(--acc);color:#fff;border-color:var(--acc)}
main{padding:12px 20px}section[hidden]{display:none}
.lanes{overflow-x:auto;border:1px solid var(--line);border-radius:6px}
.lane{display:flex;align-items:center;height:26px;border-bottom:1px solid var(--line)}.lane:last-child{border-bottom:0}
.lane .name{width:180px;flex:none;padding:0 8px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:var(--mut);font-size:12px}
.lane .track{position:relative;height:100%;flex:1;min-width:600px}
.dot{position:absolute;top:8px;width:10px;height:10px;border-radius:50%;background:var(--acc);border:0;padding:0;cursor:pointer;opacity:.8}
.dot:hover,.dot:focus{opacity:1;outline:2px solid var(--fg)}
.axis{display:flex;justify-content:space-between;color:var(--mut);font-size:12px;padding:2px 8px 0 188px}
.bar{display:flex;gap:8px;align-items:center;margin:10px 0;flex-wrap:wrap}.bar input,.bar select{font:inherit;padding:3px 6px}
details.s{border:1px solid var(--line);border-radius:6px;margin:4px 0;padding:4px 10px}details.s[open]{background:#fbfcfd}
details.s summary{cursor:pointer;display:flex;gap:10px;white-space:nowrap;overflow:hidden}
.k{color:var(--mut);font-size:12px}.req{overflow:hidden;text-overflow:ellipsis}
h3{font-size:13px;margin:10px 0 2px}ul{margin:2px 0 6px;padding-left:20px}
.pill{display:inline-block;font-size:11px;padding:0 6px;border-radius:9px;background:#edf2f7;color:var(--mut);margin-left:4px}
.stale{background:#fefcbf;color:var(--warn)}.gone{background:#fed7d7;color:var(--bad)}.sup{background:#e2e8f0}
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:12px}
.col{border:1px solid var(--line);border-radius:6px;padding:6px 10px}
pre{white-space:pre-wrap;border:1px solid var(--line);border-radius:6px;padding:10px;background:#fbfcfd;font:12.5px/1.45 ui-monospace,Menlo,monospace}
.fact{margin:4px 0}.fact .k{display:block}
`;

// The page's script: builds every element from the embedded data with textContent, so no text of
// the memory is ever read as HTML. Sessions are shown a page at a time (PAGE), their bodies built
// only when opened, so a journal of thousands stays quick to open.
const SCRIPT = `
(function(){
'use strict';
var T0=performance.now();
var D=JSON.parse(document.getElementById('data').textContent);
var PAGE=50;
function el(tag,attrs,kids){var e=document.createElement(tag);if(attrs)for(var k in attrs){if(k==='text')e.textContent=attrs[k];else if(k==='cls')e.className=attrs[k];else e.setAttribute(k,attrs[k]);}
(kids||[]).forEach(function(c){if(c!=null)e.appendChild(typeof c==='string'?document.createTextNode(c):c);});return e;}
function list(title,items){if(!items||!items.length)return null;return el('div',null,[el('h3',{text:title}),el('ul',null,items.map(function(i){return el('li',{text:i});}))]);}
function money(n){return '$'+(n<0.01&&n>0?n.toFixed(4):n.toFixed(2));}
// Tabs
var tabs=document.querySelectorAll('nav button');
function show(id){tabs.forEach(function(b){b.setAttribute('aria-selected',String(b.dataset.tab===id));});
document.querySelectorAll('main>section').forEach(function(s){s.hidden=s.id!==id;});}
tabs.forEach(function(b){b.addEventListener('click',function(){show(b.dataset.tab);});});
// Sessions, newest first
var S=D.sessions.slice().reverse();
function body(s){var kids=[el('div',{cls:'k',text:'session '+s.id+(s.file?'  ·  '+s.file:'')+(s.author?'  ·  '+s.author:'')+(s.base?'  ·  base '+s.base:'')})];
kids.push(el('h3',{text:'Request'}),el('div',{text:s.request||'(none)'}));
[['Learned',s.learned],['Decisions',s.decisions],['Completed',s.completed],['Next steps',s.next_steps],['Notes',s.notes]].forEach(function(p){var l=list(p[0],p[1]);if(l)kids.push(l);});
var c=list('Commits',(s.commits||[]).map(function(c){return c.sha+' '+c.subject;}));if(c)kids.push(c);
if(s.spend)kids.push(el('div',{cls:'k',text:'model: '+s.spend.calls+' call'+(s.spend.calls===1?'':'s')+', '+s.spend.input+' input tokens, '+s.spend.output+' output, '+money(s.spend.cost)}));
return kids;}
function item(s){var d=el('details',{cls:'s','data-id':s.id},[el('summary',null,[el('span',{cls:'k',text:s.date+' '+s.time}),el('span',{cls:'k',text:s.agent}),el('span',{cls:'k',text:s.branch||'-'}),
el('span',{cls:'k',text:(s.commits||[]).length+' commit'+((s.commits||[]).length===1?'':'s')}),s.spend?el('span',{cls:'k',text:money(s.spend.cost)}):null,el('span',{cls:'req',text:s.request||'(no request)'})])]);
var built=false;d.addEventListener('toggle',function(){if(d.open&&!built){built=true;body(s).forEach(function(k){d.appendChild(k);});}});return d;}
var q=document.getElementById('q'),br=document.getElementById('br'),ag=document.getElementById('ag'),out=document.getElementById('list'),pager=document.getElementById('pager');
var page=0,shown=S;
function uniq(f){var m={};S.forEach(function(s){var v=f(s);if(v)m[v]=(m[v]||0)+1;});return Object.keys(m).sort(function(a,b){return m[b]-m[a];});}
uniq(function(s){return s.branch;}).forEach(function(b){br.appendChild(el('option',{value:b,text:b}));});
uniq(function(s){return s.agent;}).forEach(function(a){ag.appendChild(el('option',{value:a,text:a}));});
function filter(){var t=q.value.toLowerCase();shown=S.filter(function(s){if(br.value&&s.branch!==br.value)return false;if(ag.value&&s.agent!==ag.value)return false;
if(!t)return true;return [s.request].concat(s.learned,s.completed,s.next_steps,s.decisions,s.notes).join('\\n').toLowerCase().indexOf(t)>=0;});page=0;render();}
function render(){out.textContent='';var from=page*PAGE;shown.slice(from,from+PAGE).forEach(function(s){out.appendChild(item(s));});
pager.textContent='';var pages=Math.max(1,Math.ceil(shown.length/PAGE));
var prev=el('button',{text:'‹ newer'});prev.disabled=page===0;prev.onclick=function(){page--;render();};
var next=el('button',{text:'older ›'});next.disabled=page>=pages-1;next.onclick=function(){page++;render();};
pager.appendChild(prev);pager.appendChild(el('span',{cls:'k',text:' '+shown.length+' session'+(shown.length===1?'':'s')+' · page '+(page+1)+' of '+pages+' '}));pager.appendChild(next);}
[q,br,ag].forEach(function(x){x.addEventListener('input',filter);});
function open(id){q.value='';br.value='';ag.value='';shown=S;var i=S.findIndex(function(s){return s.id===id;});page=Math.floor(i/PAGE);render();show('sessions');
var d=out.querySelector('details[data-id="'+CSS.escape(id)+'"]');if(d){d.open=true;d.scrollIntoView({block:'center'});}}
render();
// Timeline: one lane a branch (the busiest 15, the rest in one lane), days across.
var tl=document.getElementById('lanes');
if(D.sessions.length){var day=function(s){return Date.parse(s.date+'T'+(s.time||'00:00')+':00Z');};
var t0=day(D.sessions[0]),t1=day(D.sessions[D.sessions.length-1]),span=Math.max(1,t1-t0);
var names=uniq(function(s){return s.branch||'(no branch)';}).concat(uniq(function(s){return s.branch?null:'(no branch)';}));
var seen={},lanes=[];names.forEach(function(n){if(!seen[n]){seen[n]=1;lanes.push(n);}});
var top=lanes.slice(0,15),other=lanes.length>15;if(other)top.push('(other branches)');
var tracks={};top.forEach(function(n){var t=el('div',{cls:'track'});tracks[n]=t;tl.appendChild(el('div',{cls:'lane'},[el('div',{cls:'name',title:n,text:n}),t]));});
// One listener for every dot (a journal may hold thousands); a dot's title is set when hovered.
var frags={};top.forEach(function(n){frags[n]=document.createDocumentFragment();});
D.sessions.forEach(function(s,i){var n=s.branch||'(no branch)';var f=frags[n]||frags['(other branches)'];if(!f)return;
var b=document.createElement('button');b.className='dot';b.dataset.i=i;b.style.left='calc('+((day(s)-t0)/span*100).toFixed(3)+'% - 5px)';f.appendChild(b);});
top.forEach(function(n){tracks[n].appendChild(frags[n]);});
tl.addEventListener('click',function(e){var i=e.target.dataset&&e.target.dataset.i;if(i!=null)open(D.sessions[+i].id);});
tl.addEventListener('mouseover',function(e){var i=e.target.dataset&&e.target.dataset.i;if(i!=null&&!e.target.title){var s=D.sessions[+i];e.target.title=s.date+' '+s.time+' '+s.agent+': '+(s.request||'');e.target.setAttribute('aria-label',e.target.title);}});
var ax=document.getElementById('axis');ax.appendChild(el('span',{text:D.sessions[0].date}));ax.appendChild(el('span',{text:D.sessions[D.sessions.length-1].date}));}
else tl.appendChild(el('div',{cls:'k',text:'no sessions in the journal yet'}));
// Tasks by status
var tk=document.getElementById('taskcols');
[['in_progress','In progress'],['todo','To do'],['blocked','Blocked'],['done','Done']].forEach(function(p){var ts=D.tasks.filter(function(t){return t.status===p[0];});
tk.appendChild(el('div',{cls:'col'},[el('h3',{text:p[1]+' ('+ts.length+')'})].concat(ts.map(function(t){return el('div',{cls:'fact'},[el('span',{text:t.task}),el('span',{cls:'pill',text:t.id}),
t.progress?el('span',{cls:'k',text:'progress: '+t.progress}):null,t.next_step?el('span',{cls:'k',text:'next: '+t.next_step}):null,
t.related_files&&t.related_files.length?el('span',{cls:'k',text:'files: '+t.related_files.join(', ')}):null]);}))));});
// Long-term memory
var mm=document.getElementById('facts');
if(!D.memory)mm.appendChild(el('div',{cls:'k',text:'no MEMORY.md yet: git memory dream writes it from the sessions'}));
else{var secs={};D.memory.entries.forEach(function(e){(secs[e.section]=secs[e.section]||[]).push(e);});
Object.keys(secs).forEach(function(sec){mm.appendChild(el('h3',{text:sec+' ('+secs[sec].length+')'}));secs[sec].forEach(function(e){
var pills=[];if(e.until)pills.push(el('span',{cls:'pill sup',text:'superseded '+e.until}));
if(e.stale&&e.stale.deleted)pills.push(el('span',{cls:'pill gone',text:'its files are gone'}));
else if(e.stale&&e.stale.changed.length)pills.push(el('span',{cls:'pill stale',text:'may be stale: '+e.stale.changed.map(function(c){return c.removed?c.file+' ('+c.removed+' file'+(c.removed===1?'':'s')+' gone)':c.file+' ('+c.commits+' commit'+(c.commits===1?'':'s')+')';}).join(', ')}));
var prov=[];if(e.sessions&&e.sessions.length)prov.push('from '+e.sessions.join(', '));if(e.seen)prov.push('said in '+e.seen+' session'+(e.seen===1?'':'s'));
if(e.date)prov.push('confirmed '+e.date);if(e.at)prov.push('at '+e.at);if(e.files&&e.files.length)prov.push('about '+e.files.join(', '));
if(e.superseded)prov.push('supersedes: '+[].concat(e.superseded).join('; '));
mm.appendChild(el('div',{cls:'fact'},[el('span',{text:e.text})].concat(pills,[prov.length?el('span',{cls:'k',text:prov.join(' · ')}):null])));});});}
document.getElementById('primertext').textContent=D.primer;
var total=D.sessions.reduce(function(n,s){return n+(s.spend?s.spend.cost:0);},0);
document.getElementById('spend').textContent=total?'model spend recorded: '+money(total):'no model spend recorded';
// How long building the page took, for the browser test's record.
document.documentElement.dataset.renderMs=String(Math.round(performance.now()-T0));
})();
`;

/** The memory page: one self-contained HTML file (no network, no external file), from `view`'s data. */
export function renderViewHtml(d: ViewData): string {
  const title = `git memory · ${d.project}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${CSS}</style></head>
<body>
<header><h1>${escapeHtml(d.project)}</h1><span class="mut">${d.sessions.length} sessions · ${d.tasks.length} tasks · ${d.memory ? d.memory.entries.length : 0} facts · branch ${escapeHtml(d.branch ?? '(detached)')} · ${escapeHtml(d.generatedAt)}</span><span class="mut" id="spend"></span></header>
<nav><button data-tab="timeline" aria-selected="true">Timeline</button><button data-tab="sessions">Sessions</button><button data-tab="tasks">Tasks</button><button data-tab="memory">Long-term memory</button><button data-tab="primer">Next agent gets</button></nav>
<main>
<section id="timeline"><p class="mut">One lane a branch; each dot a session (click to open it).</p><div class="lanes" id="lanes"></div><div class="axis" id="axis"></div></section>
<section id="sessions" hidden><div class="bar"><input id="q" type="search" placeholder="filter text"><select id="br"><option value="">all branches</option></select><select id="ag"><option value="">all agents</option></select></div><div id="list"></div><div class="bar" id="pager"></div></section>
<section id="tasks" hidden><div class="cols" id="taskcols"></div></section>
<section id="memory" hidden><div id="facts"></div></section>
<section id="primer" hidden><p class="mut">What the next agent gets at the start of a session (git memory primer).</p><pre id="primertext"></pre></section>
</main>
<script type="application/json" id="data">${embedJson(d)}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
