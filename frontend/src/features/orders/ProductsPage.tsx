/** /produtos: the product list (9 per page; search over name, NCM code and code), import and edit. */
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { ListPage } from '../../shared/records/components/ListPage';
import { useListState, useSession } from '../../shared/records/hooks';
import '../../shared/records/admin.css';
import { useDeleteProductMutation, useProductsQuery, type Product } from './api';
import { orderMsg, orderPaths, PRODUCT_PAGE_SIZE } from './texts';

export default function ProductsPage() {
  const list = useListState();
  const goTo = useStaffGoTo();
  const session = useSession();
  const query = useProductsQuery({ page: list.page, pageSize: PRODUCT_PAGE_SIZE, search: list.search, companyId: list.companyId ?? undefined });
  const [remove] = useDeleteProductMutation();
  return (
    <ListPage<Product>
      title={orderMsg.productsTitle}
      headerExtra={
        <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => goTo(orderPaths.productImport)}>
          {orderMsg.importButton}
        </Button>
      }
      searchLabel={orderMsg.productSearch}
      list={list}
      companyFilter={!!session?.screens.seesEveryCompany}
      query={query}
      pageSize={PRODUCT_PAGE_SIZE}
      scroll={{}}
      columns={[
        { title: orderMsg.codeName, key: 'name', render: (_: unknown, p: Product) => `${p.code} - ${p.name}` },
        { title: orderMsg.group, dataIndex: 'groupName', key: 'group', width: 140 },
        { title: orderMsg.ncm, dataIndex: 'ncmcode', key: 'ncm', width: 140 },
      ]}
      actions={{
        editPath: (p) => orderPaths.productEdit(p.id),
        name: (p) => p.name,
        removeWhat: (p) => `o produto ${p.name}`,
        remove: (p) => remove(p.id).unwrap(),
      }}
    />
  );
}
