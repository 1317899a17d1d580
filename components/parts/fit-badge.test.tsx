/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { FitBadge } from '@/components/parts/fit-badge';
import { FitQuestions } from '@/components/parts/fit-questions';
import { FIT_REPORTED_LABEL } from '@/lib/catalog/fitment';

const corolla = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 };
const vehicle = { year: 2016, make: 'Toyota', model: 'Corolla', engine: '1.8L' };
const reported = { year: 2016, make: 'toyota', model: 'COROLLA', engine: null };

const badge = () => screen.getByTestId('fit-badge');

describe('FitBadge with reported vehicles', () => {
  it(`says "${FIT_REPORTED_LABEL}" instead of "Fits" for a reported vehicle`, () => {
    render(<FitBadge fitment={[corolla]} vehicle={vehicle} warnings={[reported]} />);
    expect(badge()).toHaveTextContent(FIT_REPORTED_LABEL);
    expect(badge()).toHaveAttribute('data-fit', 'reported');
  });

  it('says "Fits" with no warning, or one for another year, model or engine', () => {
    const others = [
      { ...reported, year: 2017 },
      { ...reported, model: 'Camry' },
      { ...reported, engine: '2.0L' },
    ];
    render(<FitBadge fitment={[corolla]} vehicle={vehicle} warnings={others} />);
    expect(badge()).toHaveTextContent('Fits your 2016 Toyota Corolla');
    expect(badge()).toHaveAttribute('data-fit', 'fits');
  });

  it('warns a vehicle chosen without an engine about a report for one engine', () => {
    render(<FitBadge fitment={[corolla]} vehicle={{ ...vehicle, engine: null }} warnings={[{ ...reported, engine: '1.8L' }]} />);
    expect(badge()).toHaveTextContent(FIT_REPORTED_LABEL);
  });

  it('leaves "Does not fit" and "Check the fitment notes" as the rows say', () => {
    const { rerender } = render(
      <FitBadge fitment={[corolla]} vehicle={{ ...vehicle, year: 2012 }} warnings={[{ ...reported, year: 2012 }]} />,
    );
    expect(badge()).toHaveTextContent('Does not fit');
    rerender(<FitBadge fitment={[{ ...corolla, notes: 'Sedan only' }]} vehicle={vehicle} warnings={[reported]} />);
    expect(badge()).toHaveTextContent('Check the fitment notes');
    expect(badge()).toHaveAttribute('data-fit', 'check');
  });

  it('reaches the part page badge through FitQuestions', () => {
    render(
      <FitQuestions
        partId="65f0c0ffee0000000000abcd"
        fitment={[{ ...corolla, engine: null, notes: null }]}
        vehicle={vehicle}
        warnings={[reported]}
      />,
    );
    expect(badge()).toHaveTextContent(FIT_REPORTED_LABEL);
  });
});
