/** The sets screen's filters: plate, driver, carrier, queue label, unit, 'Na Fila', 'Sem Veículo'. */
import { useMemo, useState } from 'react';
import { Input, Select, Switch } from 'antd';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { useDebounced } from '../../shared/records/hooks';
import type { SetQueueStatus, SetsFilters, SetsPermissions } from './setsApi';
import { QUEUE_STATUS, SEARCH_DEBOUNCE_MS, setsMsg } from './setsText';

const STATUS_OPTIONS = (Object.keys(QUEUE_STATUS) as SetQueueStatus[]).map((value) => ({
  value,
  label: QUEUE_STATUS[value].label,
}));

/** What the user typed and chose, and the filters the list is asked with (searches debounced). */
export function useSetsFilters() {
  const [plate, setPlate] = useState('');
  const [driver, setDriver] = useState('');
  const [shippingCompanyId, setShipping] = useState<number | null>(null);
  const [companyId, setCompany] = useState<number | null>(null);
  const [status, setStatus] = useState<SetQueueStatus | null>(null);
  const [inQueue, setInQueue] = useState(false);
  const [withoutTruck, setWithoutTruck] = useState(false);
  const truckSearch = useDebounced(plate.trim(), SEARCH_DEBOUNCE_MS);
  const driverSearch = useDebounced(driver.trim(), SEARCH_DEBOUNCE_MS);
  const filters: SetsFilters = useMemo(
    () => ({ truckSearch, driverSearch, shippingCompanyId, companyId, status, inQueue, withoutTruck }),
    [truckSearch, driverSearch, shippingCompanyId, companyId, status, inQueue, withoutTruck],
  );
  const typed = { plate, driver, shippingCompanyId, companyId, status, inQueue, withoutTruck };
  const set = { setPlate, setDriver, setShipping, setCompany, setStatus, setInQueue, setWithoutTruck };
  return { typed, set, filters };
}

type FilterState = ReturnType<typeof useSetsFilters>;

export function SetsFilterBar({
  state: { typed, set },
  permissions,
}: {
  state: FilterState;
  permissions: SetsPermissions | undefined;
}) {
  return (
    <div className="a-toolbar s-filters">
      <Input
        allowClear
        className="s-filter"
        placeholder={setsMsg.plateSearch}
        aria-label={setsMsg.plateSearch}
        value={typed.plate}
        maxLength={8}
        onChange={(e) => set.setPlate(e.target.value)}
      />
      <Input
        allowClear
        className="s-filter"
        placeholder={setsMsg.driverSearch}
        aria-label={setsMsg.driverSearch}
        value={typed.driver}
        onChange={(e) => set.setDriver(e.target.value)}
      />
      {permissions?.showsShippingCompany !== false && (
        <div className="s-filter">
          <RemoteSelect
            resource="shipping-company"
            value={typed.shippingCompanyId}
            onChange={(v) => set.setShipping(v)}
            placeholder={setsMsg.shippingCompany}
            ariaLabel={setsMsg.shippingCompany}
          />
        </div>
      )}
      <Select<SetQueueStatus>
        className="s-filter s-status"
        allowClear
        placeholder={setsMsg.status}
        aria-label={setsMsg.status}
        value={typed.status ?? undefined}
        options={STATUS_OPTIONS}
        onChange={(v) => set.setStatus(v ?? null)}
        onClear={() => set.setStatus(null)}
      />
      {permissions?.filtersByCompany && (
        <div className="s-filter">
          <RemoteSelect
            resource="company"
            value={typed.companyId}
            onChange={(v) => set.setCompany(v)}
            placeholder={setsMsg.unit}
            ariaLabel={setsMsg.unit}
          />
        </div>
      )}
      <label className="s-switch">
        <Switch checked={typed.inQueue} onChange={set.setInQueue} aria-label={setsMsg.inQueue} /> {setsMsg.inQueue}
      </label>
      <label className="s-switch">
        <Switch checked={typed.withoutTruck} onChange={set.setWithoutTruck} aria-label={setsMsg.withoutTruck} />{' '}
        {setsMsg.withoutTruck}
      </label>
    </div>
  );
}
