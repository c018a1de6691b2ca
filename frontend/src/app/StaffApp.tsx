/**
 * The staff portal: antd with the pt_BR locale and dayjs pt-br, and the staff routes.
 * Loaded only for staff paths (see index.tsx).
 */
import { useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/es/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { useMediaQuery } from '../shared/useMediaQuery';
import { StaffRoutes } from './router';

dayjs.locale('pt-br');

// Links and info share the primary blue: antd's default #1677ff is 4.1:1 on white, below WCAG AA.
const theme = {
  token: {
    colorPrimary: '#1d4ed8',
    colorInfo: '#1d4ed8',
    colorLink: '#1d4ed8',
    // Hover and press darken instead of antd's lighter blue (4.3:1 under white text).
    colorPrimaryHover: '#1e40af',
    colorPrimaryActive: '#1e3a8a',
    colorLinkHover: '#1e40af',
    colorLinkActive: '#1e3a8a',
    // antd's greys for secondary text and placeholders are 3.4:1 and 1.8:1 on white.
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextPlaceholder: '#6e6e6e',
    // Off switches and empty notices use this grey; white on antd's #bfbfbf is 1.8:1.
    colorTextQuaternary: '#6e6e6e',
    // Danger buttons and errors: antd's #ff4d4f is 3.3:1 on white.
    colorError: '#cf1322',
    borderRadius: 6,
  },
};

export default function StaffApp() {
  // Whoever asked the system for less motion gets dialogs, menus and messages without animation
  // (antd honours it only in a few components by itself; WCAG 2.3.3).
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themed = useMemo(() => ({ token: { ...theme.token, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <ConfigProvider locale={ptBR} theme={themed}>
      <AntApp message={{ maxCount: 3 }}>
        <StaffRoutes />
      </AntApp>
    </ConfigProvider>
  );
}
