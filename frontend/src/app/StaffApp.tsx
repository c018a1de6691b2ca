/**
 * The staff portal: antd with the pt_BR locale and dayjs pt-br, and the staff routes.
 * Loaded only for staff paths (see index.tsx).
 */
import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/es/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { StaffRoutes } from './router';

dayjs.locale('pt-br');

const theme = { token: { colorPrimary: '#1d4ed8', borderRadius: 6 } };

export default function StaffApp() {
  return (
    <ConfigProvider locale={ptBR} theme={theme}>
      <AntApp message={{ maxCount: 3 }}>
        <StaffRoutes />
      </AntApp>
    </ConfigProvider>
  );
}
