import { useAttendanceTodayQuery, useOperatingDataQuery } from '../../features/company/api';
import { weekDaysLabel } from '../../shared/formatters';
import { msg } from '../../shared/messages';

/** 'Aberto' when today's attendance exists with a status, else 'Fechado'; hours and weekdays. */
export function AttendanceBox({ companyId }: { companyId: number }) {
  const attendance = useAttendanceTodayQuery(companyId);
  const operating = useOperatingDataQuery(companyId);
  const open = Boolean(attendance.data && attendance.data.status);
  const hours = operating.data;
  const days = weekDaysLabel(hours?.weekDays);

  return (
    <section className="d-card" aria-label={msg.attendance}>
      <div className="d-status">
        <h2>{msg.attendance}</h2>
        {attendance.isLoading ? (
          <span className="d-muted">{msg.loading}</span>
        ) : (
          <span className={`d-status-badge ${open ? 'd-status-open' : 'd-status-closed'}`}>
            {open ? msg.attendanceOpen : msg.attendanceClosed}
          </span>
        )}
      </div>
      {hours && (
        <>
          <p className="d-muted">{msg.operatingHours(hours.start ?? '', hours.end ?? '')}</p>
          {days && (
            <p className="d-muted">
              {msg.operatingDays}: {days}
            </p>
          )}
        </>
      )}
    </section>
  );
}
