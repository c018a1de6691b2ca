/** /marcas: 'Gerenciar Marcas' (spec 2 "Brands and models"): search by id or name, 8 per page. */
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { ListPage } from '../../shared/records/components/ListPage';
import { useListState } from '../../shared/records/hooks';
import '../../shared/records/admin.css';
import { catalogMsg, catalogPaths, CATALOG_PAGE_SIZE } from './catalog';
import { useBrandsQuery, useDeleteBrandMutation, type Brand } from './api';

export default function BrandsPage() {
  const list = useListState();
  const goTo = useStaffGoTo();
  const query = useBrandsQuery({ page: list.page, pageSize: CATALOG_PAGE_SIZE, search: list.search });
  const [remove] = useDeleteBrandMutation();
  return (
    <ListPage<Brand>
      title={catalogMsg.brandsTitle}
      headerExtra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(catalogPaths.brandNew)}>
          {catalogMsg.create}
        </Button>
      }
      searchLabel={catalogMsg.brandSearch}
      list={list}
      query={query}
      pageSize={CATALOG_PAGE_SIZE}
      scroll={{}}
      columns={[
        { title: 'Id', dataIndex: 'id', key: 'id', width: 90 },
        { title: catalogMsg.name, dataIndex: 'name', key: 'name' },
      ]}
      actions={{
        editPath: (b) => catalogPaths.brandEdit(b.id),
        name: (b) => b.name,
        removeWhat: (b) => `a marca ${b.name}`,
        remove: (b) => remove(b.id).unwrap(),
      }}
    />
  );
}
