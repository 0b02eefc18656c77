// Portfolio jobs: GET /rest/v1/jobs (the organization's jobs, newest first) with each job's progress, refreshed every
// two seconds while one is queued or running, and its results as CSV (GET .../results.csv with the key: fetched, then
// saved as a file, since a plain link would not carry the credentials).
import { h, table } from '../dom.ts';
import { load, type PageContext } from '../ui.ts';

interface Job {
  jobId: string;
  name: string | null;
  kind: string;
  state: string;
  accountCount: number;
  processedCount: number;
  succeededCount: number;
  failedCount: number;
  progress: number;
  createdDate: string;
  csvUrl: string;
}

const REFRESH_MS = 2000;

export function jobsPage(ctx: PageContext): HTMLElement {
  const list = h('div', { 'aria-live': 'polite' });
  const section = h(
    'section',
    {},
    h('h1', { tabindex: -1 }, 'Portfolio jobs'),
    h(
      'p',
      { class: 'meta' },
      'Calculations, savings analyses and tariff comparisons over many accounts, made with POST /rest/v1/jobs. Progress is refreshed while a job runs.',
    ),
    list,
  );
  const refresh = async (first: boolean) => {
    // Stop when the page has been left.
    if (!first && !section.isConnected) return;
    let open = false;
    const shown = first
      ? await load(list, 'Reading the jobs…', async () => {
          const out = await render(ctx);
          open = out.open;
          return out.nodes;
        })
      : await render(ctx)
          .then((out) => {
            open = out.open;
            list.replaceChildren(...out.nodes);
            return true;
          })
          .catch(() => false);
    if (shown && open) setTimeout(() => void refresh(false), REFRESH_MS);
  };
  void refresh(true);
  return section;
}

async function render(ctx: PageContext): Promise<{ nodes: Node[]; open: boolean }> {
  const jobs = await ctx.api.get<Job>('/rest/v1/jobs', { pageCount: 100 });
  if (!jobs.results.length)
    return { nodes: [h('p', { role: 'status' }, 'No jobs yet: POST /rest/v1/jobs makes one.')], open: false };
  const rows = jobs.results.map((j) => [
    j.name ?? j.jobId,
    j.kind,
    h('span', { class: `state state-${j.state.toLowerCase()}` }, j.state),
    h(
      'span',
      { class: 'job-progress' },
      h('progress', {
        max: 1,
        value: j.progress,
        'aria-label': `Progress of ${j.name ?? j.jobId}`,
      }),
      ` ${j.processedCount} of ${j.accountCount}`,
    ),
    String(j.failedCount),
    new Date(j.createdDate).toLocaleString(),
    h(
      'a',
      {
        href: j.csvUrl,
        download: `job-${j.jobId}.csv`,
        onclick: (e: Event) => {
          e.preventDefault();
          void download(ctx, j);
        },
      },
      'CSV',
    ),
  ]);
  return {
    nodes: [
      h('p', { role: 'status' }, `${jobs.count} ${jobs.count === 1 ? 'job' : 'jobs'}.`),
      table('Jobs', ['Name', 'Kind', 'State', 'Progress', 'Failed', 'Created', 'Results'], rows, {
        class: 'jobs stack',
      }),
    ],
    open: jobs.results.some((j) => j.state === 'QUEUED' || j.state === 'RUNNING'),
  };
}

async function download(ctx: PageContext, job: Job): Promise<void> {
  const text = await ctx.api.text(job.csvUrl, 'text/csv');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = h('a', { href: url, download: `job-${job.jobId}.csv` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
