/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportReport } from '@/components/imports/import-report';
import type { ImportDTO } from '@/lib/imports/types';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock('@/lib/client/alerts', () => ({ alertError: jest.fn(async () => {}), confirmDialog: jest.fn(async () => true) }));

const COUNTS = { read: 1200, add: 100, change: 50, remove: 3, unchanged: 1040, rejected: 7 };
const REPORT: ImportDTO = {
  id: '65f0c0ffee0000000000abcd',
  format: 'aces',
  fileName: 'brakes-net.xml',
  state: 'validated',
  progress: { done: 1200, total: 1200, perSecond: null, secondsLeft: null },
  counts: COUNTS,
  applied: null,
  failure: null,
  startedBy: 'admin@example.com',
  createdAt: '2026-11-29T04:00:00.000Z',
  validatedAt: '2026-11-29T04:01:00.000Z',
  appliedAt: null,
  cancelledAt: null,
  rejected: [{ record: 'App 3411', reason: 'Unknown BaseVehicle 999999' }],
};

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as never;
});

describe('ImportReport', () => {
  it('shows a validated report: counts, rejected records, the CSV link, Apply and Cancel, no progress bar', () => {
    render(<ImportReport initial={REPORT} />);
    const validation = screen.getByRole('region', { name: 'Validation' });
    expect(within(validation).getByText('Records read').nextSibling).toHaveTextContent('1,200');
    expect(within(validation).getByText('Rejected').nextSibling).toHaveTextContent('7');
    expect(screen.getByRole('cell', { name: 'App 3411' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rejected records (the first 1 of 7)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download all rejected records (CSV)' })).toHaveAttribute(
      'href',
      `/api/admin/imports/${REPORT.id}/rejected.csv`,
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel import' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the progress bar with records per second and the time left while applying', () => {
    const applying = {
      ...REPORT,
      state: 'applying' as const,
      applied: COUNTS,
      progress: { done: 300, total: 1200, perSecond: 150, secondsLeft: 6 },
    };
    render(<ImportReport initial={applying} />);
    const bar = screen.getByRole('progressbar', { name: 'Applying brakes-net.xml' });
    expect(bar).toHaveAttribute('aria-valuenow', '300');
    expect(bar).toHaveAttribute('aria-valuemax', '1200');
    expect(screen.getByText('300 of 1,200 records · 150 records/s · 6 s left')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('applies through the API and shows the answer', async () => {
    const answer = JSON.stringify({ ...REPORT, state: 'applying', applied: COUNTS });
    fetchMock.mockResolvedValue({ ok: true, status: 202, text: async () => answer });
    render(<ImportReport initial={REPORT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(fetchMock).toHaveBeenCalledWith(`/api/admin/imports/${REPORT.id}/apply`, expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
  });

  it('shows a failure’s line and reason', () => {
    render(<ImportReport initial={{ ...REPORT, state: 'failed', failure: { line: 3, reason: 'Line 3: not XML' } }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Line 3: not XML');
    expect(screen.queryByRole('button', { name: 'Cancel import' })).not.toBeInTheDocument();
  });
});
