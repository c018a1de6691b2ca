/** /produtos: the product list (9 per page; search over name, NCM code and code). */
import { Table } from 'antd';
import { DeleteButton } from '../../shared/records/components/DeleteButton';
import { LoadError } from '../../shared/records/components/LoadError';
import { PageHeader } from '../../shared/records/components/PageHeader';
import { SearchBox } from '../../shared/records/components/SearchBox';
import { useListState } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import '../../shared/records/admin.css';
import { useDeleteProductMutation, useProductsQuery, type Product } from './api';

const PAGE_SIZE = 9;

export default function ProductsPage() {
  const list = useListState();
  const { data, isFetching, isError, refetch } = useProductsQuery({
    page: list.page,
    pageSize: PAGE_SIZE,
    search: list.search,
  });
  const [remove] = useDeleteProductMutation();
  const columns = [
    {
      title: 'Código / Nome',
      key: 'name',
      render: (_: unknown, p: Product) => `${p.code} - ${p.name}`,
    },
    { title: 'Grupo', dataIndex: 'groupName', key: 'group', width: 140 },
    { title: 'Código NCM', dataIndex: 'ncmcode', key: 'ncm', width: 140 },
    {
      title: adminMsg.actions,
      key: 'actions',
      width: 90,
      render: (_: unknown, p: Product) => (
        <DeleteButton what={`o produto ${p.name}`} onDelete={() => remove(p.id).unwrap()} />
      ),
    },
  ];
  return (
    <div className="a-page">
      <PageHeader title="Produtos" />
      <SearchBox value={list.searchText} onChange={list.setSearchText} label="Buscar por nome, código NCM ou código" />
      {isError && <LoadError onRetry={() => void refetch()} />}
      <Table<Product>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={isFetching}
        locale={{ emptyText: adminMsg.noResults }}
        pagination={{
          current: list.page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: list.setPage,
        }}
      />
    </div>
  );
}
