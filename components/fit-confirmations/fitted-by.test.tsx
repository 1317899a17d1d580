/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { FittedBy } from '@/components/fit-confirmations/fitted-by';
import { baseVehicleKey } from '@/lib/fit-confirmations/types';
import { vehicleCookie } from '@/lib/vehicles/cookie';

const corolla = baseVehicleKey({ year: 2016, make: 'Toyota', model: 'Corolla' });

it('shows the buyers who confirmed the part on the active vehicle, whatever its engine or the case of its names', () => {
  document.cookie = vehicleCookie({ year: 2016, make: 'TOYOTA', model: 'corolla', engine: '1.8L' });
  render(<FittedBy counts={{ [corolla]: 37, [baseVehicleKey({ year: 2017, make: 'Toyota', model: 'Corolla' })]: 5 }} />);
  expect(screen.getByText('Fitted by 37 buyers with this vehicle')).toBeInTheDocument();
});
