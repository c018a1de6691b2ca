/** /modelos: 'Gerenciar Modelos' (spec 2 "Brands and models"): search by id, name or brand, 8 per page. */
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { ListPage } from '../../shared/records/components/ListPage';
import { useListState } from '../../shared/records/hooks';
import '../../shared/records/admin.css';
import { catalogMsg, catalogPaths, CATALOG_PAGE_SIZE } from './catalog';
import { useDeleteModelMutation, useModelsQuery, type Model } from './api';

export default function ModelsPage() {
  const list = useListState();
  const goTo = useStaffGoTo();
  const query = useModelsQuery({ page: list.page, pageSize: CATALOG_PAGE_SIZE, search: list.search });
  const [remove] = useDeleteModelMutation();
  return (
    <ListPage<Model>
      title={catalogMsg.modelsTitle}
      headerExtra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(catalogPaths.modelNew)}>
          {catalogMsg.create}
        </Button>
      }
      searchLabel={catalogMsg.modelSearch}
      list={list}
      query={query}
      pageSize={CATALOG_PAGE_SIZE}
      scroll={{}}
      columns={[
        { title: 'Id', dataIndex: 'id', key: 'id', width: 90 },
        { title: catalogMsg.name, dataIndex: 'name', key: 'name' },
        { title: catalogMsg.brand, key: 'brand', render: (_: unknown, m: Model) => m.truckBrand.name },
      ]}
      actions={{
        editPath: (m) => catalogPaths.modelEdit(m.id),
        name: (m) => m.name,
        removeWhat: (m) => `o modelo ${m.name}`,
        remove: (m) => remove(m.id).unwrap(),
      }}
    />
  );
}
