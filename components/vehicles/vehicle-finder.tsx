'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { chooseVehicle, useGarage } from '@/components/vehicles/use-garage';
import { VehiclePicker } from '@/components/vehicles/vehicle-picker';
import { CATALOG_PATH, vehicleListHref } from '@/lib/catalog/url';
import type { VehicleChoice } from '@/lib/catalog/fitment';

/** The home hero's selector: choosing a vehicle makes it active and opens the parts that fit it. */
export function VehicleFinder() {
  const garage = useGarage();
  const router = useRouter();
  async function choose(vehicle: VehicleChoice) {
    const error = await chooseVehicle(vehicle, garage);
    if (error) toast.error(error);
    router.push(vehicleListHref(CATALOG_PATH, vehicle));
  }
  return <VehiclePicker submitLabel="Find parts" onChoose={choose} wide />;
}
