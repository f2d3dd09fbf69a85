// Generated from supabase/migrations by `npm run db:types`; do not edit. A test checks it is current.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      account_deletion_codes: {
        Row: {
          attempts: number;
          code_hash: string;
          created_at: string;
          expires_at: string;
          user_id: string;
        };
        Insert: {
          attempts?: number;
          code_hash: string;
          created_at?: string;
          expires_at: string;
          user_id: string;
        };
        Update: {
          attempts?: number;
          code_hash?: string;
          created_at?: string;
          expires_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      blog_renders: {
        Row: {
          files: Json;
          pending: boolean;
          portfolio_id: string;
          post_files: Json;
          rendered_at: string;
          slug: string;
        };
        Insert: {
          files?: Json;
          pending?: boolean;
          portfolio_id: string;
          post_files?: Json;
          rendered_at: string;
          slug: string;
        };
        Update: {
          files?: Json;
          pending?: boolean;
          portfolio_id?: string;
          post_files?: Json;
          rendered_at?: string;
          slug?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'blog_renders_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: true;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      custom_domains: {
        Row: {
          created_at: string;
          domain: string;
          id: string;
          owner_id: string;
          portfolio_id: string;
          token: string;
          verified_at: string | null;
        };
        Insert: {
          created_at?: string;
          domain: string;
          id?: string;
          owner_id?: string;
          portfolio_id: string;
          token?: string;
          verified_at?: string | null;
        };
        Update: {
          created_at?: string;
          domain?: string;
          id?: string;
          owner_id?: string;
          portfolio_id?: string;
          token?: string;
          verified_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'custom_domains_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      free_domain_years: {
        Row: {
          covers_from: string;
          covers_until: string;
          created_at: string;
          domain: string;
          id: string;
          kind: string;
          owner_id: string;
        };
        Insert: {
          covers_from: string;
          covers_until: string;
          created_at?: string;
          domain: string;
          id?: string;
          kind: string;
          owner_id: string;
        };
        Update: {
          covers_from?: string;
          covers_until?: string;
          created_at?: string;
          domain?: string;
          id?: string;
          kind?: string;
          owner_id?: string;
        };
        Relationships: [];
      };
      held_addresses: {
        Row: {
          former_owner: string;
          held_until: string;
          slug: string;
        };
        Insert: {
          former_owner: string;
          held_until: string;
          slug: string;
        };
        Update: {
          former_owner?: string;
          held_until?: string;
          slug?: string;
        };
        Relationships: [];
      };
      mfa_failed_verification_attempts: {
        Row: {
          factor_id: string;
          failed_at: string;
          user_id: string;
        };
        Insert: {
          factor_id: string;
          failed_at?: string;
          user_id: string;
        };
        Update: {
          factor_id?: string;
          failed_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      mfa_recovery_attempts: {
        Row: {
          attempted_at: string;
          user_id: string;
        };
        Insert: {
          attempted_at?: string;
          user_id: string;
        };
        Update: {
          attempted_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      mfa_recovery_codes: {
        Row: {
          code_hash: string;
          created_at: string;
          id: string;
          user_id: string;
        };
        Insert: {
          code_hash: string;
          created_at?: string;
          id?: string;
          user_id: string;
        };
        Update: {
          code_hash?: string;
          created_at?: string;
          id?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      page_message_senders: {
        Row: {
          client_key: string;
          portfolio_id: string;
          sent_at: string;
        };
        Insert: {
          client_key: string;
          portfolio_id: string;
          sent_at?: string;
        };
        Update: {
          client_key?: string;
          portfolio_id?: string;
          sent_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'page_message_senders_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      page_messages: {
        Row: {
          created_at: string;
          id: string;
          message: string;
          portfolio_id: string;
          read_at: string | null;
          sender_email: string;
          sender_name: string;
        };
        Insert: {
          created_at?: string;
          id?: string;
          message: string;
          portfolio_id: string;
          read_at?: string | null;
          sender_email: string;
          sender_name: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          message?: string;
          portfolio_id?: string;
          read_at?: string | null;
          sender_email?: string;
          sender_name?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'page_messages_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      page_view_clients: {
        Row: {
          client_key: string;
          day: string;
          portfolio_id: string;
          views: number;
        };
        Insert: {
          client_key: string;
          day: string;
          portfolio_id: string;
          views?: number;
        };
        Update: {
          client_key?: string;
          day?: string;
          portfolio_id?: string;
          views?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'page_view_clients_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      page_view_days: {
        Row: {
          day: string;
          portfolio_id: string;
          views: number;
        };
        Insert: {
          day: string;
          portfolio_id: string;
          views?: number;
        };
        Update: {
          day?: string;
          portfolio_id?: string;
          views?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'page_view_days_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      page_view_pages: {
        Row: {
          day: string;
          page: string;
          portfolio_id: string;
          views: number;
        };
        Insert: {
          day: string;
          page: string;
          portfolio_id: string;
          views?: number;
        };
        Update: {
          day?: string;
          page?: string;
          portfolio_id?: string;
          views?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'page_view_pages_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      page_view_referrers: {
        Row: {
          day: string;
          portfolio_id: string;
          referrer: string;
          views: number;
        };
        Insert: {
          day: string;
          portfolio_id: string;
          referrer: string;
          views?: number;
        };
        Update: {
          day?: string;
          portfolio_id?: string;
          referrer?: string;
          views?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'page_view_referrers_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      portfolio_posts: {
        Row: {
          body: string;
          cover: string;
          created_at: string;
          excerpt: string;
          id: string;
          owner_id: string;
          portfolio_id: string;
          publish_at: string | null;
          slug: string;
          status: string;
          tags: string[];
          title: string;
          updated_at: string;
          version: number;
        };
        Insert: {
          body?: string;
          cover?: string;
          created_at?: string;
          excerpt?: string;
          id?: string;
          owner_id?: string;
          portfolio_id: string;
          publish_at?: string | null;
          slug: string;
          status?: string;
          tags?: string[];
          title: string;
          updated_at?: string;
          version?: number;
        };
        Update: {
          body?: string;
          cover?: string;
          created_at?: string;
          excerpt?: string;
          id?: string;
          owner_id?: string;
          portfolio_id?: string;
          publish_at?: string | null;
          slug?: string;
          status?: string;
          tags?: string[];
          title?: string;
          updated_at?: string;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'portfolio_posts_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      portfolios: {
        Row: {
          created_at: string;
          data: Json;
          data_bytes: number | null;
          id: string;
          look: Json;
          owner_id: string;
          page_change_token: string | null;
          page_change_until: string | null;
          published: boolean;
          slug: string | null;
          template_id: string;
          title: string | null;
          updated_at: string;
          version: number;
        };
        Insert: {
          created_at?: string;
          data?: Json;
          id?: string;
          look?: Json;
          owner_id?: string;
          page_change_token?: string | null;
          page_change_until?: string | null;
          published?: boolean;
          slug?: string | null;
          template_id: string;
          title?: string | null;
          updated_at?: string;
          version?: number;
        };
        Update: {
          created_at?: string;
          data?: Json;
          id?: string;
          look?: Json;
          owner_id?: string;
          page_change_token?: string | null;
          page_change_until?: string | null;
          published?: boolean;
          slug?: string | null;
          template_id?: string;
          title?: string | null;
          updated_at?: string;
          version?: number;
        };
        Relationships: [];
      };
      profiles: {
        Row: {
          created_at: string;
          id: string;
          name: string | null;
          username: string | null;
        };
        Insert: {
          created_at?: string;
          id: string;
          name?: string | null;
          username?: string | null;
        };
        Update: {
          created_at?: string;
          id?: string;
          name?: string | null;
          username?: string | null;
        };
        Relationships: [];
      };
      published_pages: {
        Row: {
          badge: boolean;
          customized_look: boolean;
          data: Json;
          look: Json;
          owner_id: string;
          portfolio_id: string;
          published_at: string;
          rendered_at: string;
          slug: string;
          subscribe_form: boolean;
          template_id: string;
          version: number;
        };
        Insert: {
          badge: boolean;
          customized_look: boolean;
          data: Json;
          look?: Json;
          owner_id: string;
          portfolio_id: string;
          published_at?: string;
          rendered_at?: string;
          slug: string;
          subscribe_form: boolean;
          template_id: string;
          version: number;
        };
        Update: {
          badge?: boolean;
          customized_look?: boolean;
          data?: Json;
          look?: Json;
          owner_id?: string;
          portfolio_id?: string;
          published_at?: string;
          rendered_at?: string;
          slug?: string;
          subscribe_form?: boolean;
          template_id?: string;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'published_pages_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: true;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      purchases: {
        Row: {
          amount: number;
          created_at: string;
          currency: string;
          expires_at: string | null;
          id: string;
          item_id: string;
          item_type: string;
          order_id: string;
          paid_at: string | null;
          payment_id: string | null;
          status: string;
          user_id: string;
        };
        Insert: {
          amount: number;
          created_at?: string;
          currency?: string;
          expires_at?: string | null;
          id?: string;
          item_id: string;
          item_type: string;
          order_id: string;
          paid_at?: string | null;
          payment_id?: string | null;
          status?: string;
          user_id: string;
        };
        Update: {
          amount?: number;
          created_at?: string;
          currency?: string;
          expires_at?: string | null;
          id?: string;
          item_id?: string;
          item_type?: string;
          order_id?: string;
          paid_at?: string | null;
          payment_id?: string | null;
          status?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      rate_limit_hits: {
        Row: {
          hit_at: string;
          key: string;
        };
        Insert: {
          hit_at?: string;
          key: string;
        };
        Update: {
          hit_at?: string;
          key?: string;
        };
        Relationships: [];
      };
      registered_domains: {
        Row: {
          created_at: string;
          domain: string;
          expires_at: string | null;
          free_year_id: string | null;
          id: string;
          idempotency_key: string;
          owner_id: string;
          registered_at: string | null;
          renewal_price_usd: number | null;
          status: string;
        };
        Insert: {
          created_at?: string;
          domain: string;
          expires_at?: string | null;
          free_year_id?: string | null;
          id?: string;
          idempotency_key?: string;
          owner_id: string;
          registered_at?: string | null;
          renewal_price_usd?: number | null;
          status?: string;
        };
        Update: {
          created_at?: string;
          domain?: string;
          expires_at?: string | null;
          free_year_id?: string | null;
          id?: string;
          idempotency_key?: string;
          owner_id?: string;
          registered_at?: string | null;
          renewal_price_usd?: number | null;
          status?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'registered_domains_free_year_id_fkey';
            columns: ['free_year_id'];
            isOneToOne: false;
            referencedRelation: 'free_domain_years';
            referencedColumns: ['id'];
          },
        ];
      };
      reserved_slugs: {
        Row: {
          slug: string;
        };
        Insert: {
          slug: string;
        };
        Update: {
          slug?: string;
        };
        Relationships: [];
      };
      seller_accounts: {
        Row: {
          access_token_enc: string;
          connected_at: string;
          expires_at: string;
          mode: string;
          owner_id: string;
          public_token: string;
          razorpay_account_id: string;
          refresh_token_enc: string;
          scopes: string[];
          updated_at: string;
        };
        Insert: {
          access_token_enc: string;
          connected_at?: string;
          expires_at: string;
          mode: string;
          owner_id: string;
          public_token: string;
          razorpay_account_id: string;
          refresh_token_enc: string;
          scopes?: string[];
          updated_at?: string;
        };
        Update: {
          access_token_enc?: string;
          connected_at?: string;
          expires_at?: string;
          mode?: string;
          owner_id?: string;
          public_token?: string;
          razorpay_account_id?: string;
          refresh_token_enc?: string;
          scopes?: string[];
          updated_at?: string;
        };
        Relationships: [];
      };
      seller_oauth_states: {
        Row: {
          created_at: string;
          expires_at: string;
          owner_id: string;
          state_hash: string;
        };
        Insert: {
          created_at?: string;
          expires_at: string;
          owner_id: string;
          state_hash: string;
        };
        Update: {
          created_at?: string;
          expires_at?: string;
          owner_id?: string;
          state_hash?: string;
        };
        Relationships: [];
      };
      shop_order_items: {
        Row: {
          item_id: string;
          line: number;
          line_amount: number;
          name: string;
          option_id: string;
          option_name: string | null;
          order_id: string;
          quantity: number;
          refunded_quantity: number;
          unit_amount: number;
        };
        Insert: {
          item_id: string;
          line: number;
          line_amount: number;
          name: string;
          option_id?: string;
          option_name?: string | null;
          order_id: string;
          quantity: number;
          refunded_quantity?: number;
          unit_amount: number;
        };
        Update: {
          item_id?: string;
          line?: number;
          line_amount?: number;
          name?: string;
          option_id?: string;
          option_name?: string | null;
          order_id?: string;
          quantity?: number;
          refunded_quantity?: number;
          unit_amount?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'shop_order_items_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'shop_orders';
            referencedColumns: ['id'];
          },
        ];
      };
      shop_order_refunds: {
        Row: {
          amount: number;
          created_at: string;
          id: string;
          lines: Json;
          order_id: string;
          razorpay_refund_id: string | null;
          request_key: string;
          settled_at: string | null;
          shipping_amount: number;
          status: string;
        };
        Insert: {
          amount: number;
          created_at?: string;
          id?: string;
          lines: Json;
          order_id: string;
          razorpay_refund_id?: string | null;
          request_key: string;
          settled_at?: string | null;
          shipping_amount?: number;
          status?: string;
        };
        Update: {
          amount?: number;
          created_at?: string;
          id?: string;
          lines?: Json;
          order_id?: string;
          razorpay_refund_id?: string | null;
          request_key?: string;
          settled_at?: string | null;
          shipping_amount?: number;
          status?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'shop_order_refunds_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'shop_orders';
            referencedColumns: ['id'];
          },
        ];
      };
      shop_order_returned_payments: {
        Row: {
          amount: number;
          created_at: string;
          currency: string;
          order_id: string;
          order_status: string;
          payment_id: string;
          refund_claimed_at: string | null;
          refund_id: string | null;
          refund_retried_at: string | null;
          refund_status: string | null;
          refunded_at: string | null;
        };
        Insert: {
          amount: number;
          created_at?: string;
          currency: string;
          order_id: string;
          order_status: string;
          payment_id: string;
          refund_claimed_at?: string | null;
          refund_id?: string | null;
          refund_retried_at?: string | null;
          refund_status?: string | null;
          refunded_at?: string | null;
        };
        Update: {
          amount?: number;
          created_at?: string;
          currency?: string;
          order_id?: string;
          order_status?: string;
          payment_id?: string;
          refund_claimed_at?: string | null;
          refund_id?: string | null;
          refund_retried_at?: string | null;
          refund_status?: string | null;
          refunded_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'shop_order_returned_payments_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'shop_orders';
            referencedColumns: ['id'];
          },
        ];
      };
      shop_orders: {
        Row: {
          buyer_email: string;
          buyer_name: string;
          buyer_phone: string;
          created_at: string;
          currency: string;
          delivery: string;
          expires_at: string;
          fulfilled_at: string | null;
          fulfilment: string | null;
          fulfilment_note: string | null;
          id: string;
          items_amount: number;
          order_number: string;
          owner_id: string;
          page_slug: string;
          page_version: number;
          paid_at: string | null;
          portfolio_id: string | null;
          razorpay_account_id: string | null;
          razorpay_order_id: string | null;
          razorpay_payment_id: string | null;
          refunded_amount: number;
          shipping_address: Json | null;
          shipping_amount: number;
          shop_origin: string | null;
          status: string;
          total_amount: number;
          updated_at: string;
        };
        Insert: {
          buyer_email: string;
          buyer_name: string;
          buyer_phone: string;
          created_at?: string;
          currency: string;
          delivery: string;
          expires_at: string;
          fulfilled_at?: string | null;
          fulfilment?: string | null;
          fulfilment_note?: string | null;
          id?: string;
          items_amount: number;
          order_number: string;
          owner_id: string;
          page_slug: string;
          page_version: number;
          paid_at?: string | null;
          portfolio_id?: string | null;
          razorpay_account_id?: string | null;
          razorpay_order_id?: string | null;
          razorpay_payment_id?: string | null;
          refunded_amount?: number;
          shipping_address?: Json | null;
          shipping_amount?: number;
          shop_origin?: string | null;
          status?: string;
          total_amount: number;
          updated_at?: string;
        };
        Update: {
          buyer_email?: string;
          buyer_name?: string;
          buyer_phone?: string;
          created_at?: string;
          currency?: string;
          delivery?: string;
          expires_at?: string;
          fulfilled_at?: string | null;
          fulfilment?: string | null;
          fulfilment_note?: string | null;
          id?: string;
          items_amount?: number;
          order_number?: string;
          owner_id?: string;
          page_slug?: string;
          page_version?: number;
          paid_at?: string | null;
          portfolio_id?: string | null;
          razorpay_account_id?: string | null;
          razorpay_order_id?: string | null;
          razorpay_payment_id?: string | null;
          refunded_amount?: number;
          shipping_address?: Json | null;
          shipping_amount?: number;
          shop_origin?: string | null;
          status?: string;
          total_amount?: number;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'shop_orders_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      shop_stock: {
        Row: {
          held: number;
          item_id: string;
          option_id: string;
          portfolio_id: string;
        };
        Insert: {
          held?: number;
          item_id: string;
          option_id?: string;
          portfolio_id: string;
        };
        Update: {
          held?: number;
          item_id?: string;
          option_id?: string;
          portfolio_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'shop_stock_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      shop_stock_shown: {
        Row: {
          portfolio_id: string;
          shown_at: string;
          sold_out: string[];
        };
        Insert: {
          portfolio_id: string;
          shown_at?: string;
          sold_out: string[];
        };
        Update: {
          portfolio_id?: string;
          shown_at?: string;
          sold_out?: string[];
        };
        Relationships: [
          {
            foreignKeyName: 'shop_stock_shown_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: true;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      site_password_failures: {
        Row: {
          client: string;
          failures: number;
          last_failed_at: string;
          portfolio_id: string;
        };
        Insert: {
          client: string;
          failures?: number;
          last_failed_at?: string;
          portfolio_id: string;
        };
        Update: {
          client?: string;
          failures?: number;
          last_failed_at?: string;
          portfolio_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'site_password_failures_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      site_passwords: {
        Row: {
          generation: string;
          hash: string;
          iterations: number;
          owner_id: string;
          portfolio_id: string;
          salt: string;
          updated_at: string;
        };
        Insert: {
          generation?: string;
          hash: string;
          iterations: number;
          owner_id: string;
          portfolio_id: string;
          salt: string;
          updated_at?: string;
        };
        Update: {
          generation?: string;
          hash?: string;
          iterations?: number;
          owner_id?: string;
          portfolio_id?: string;
          salt?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'site_passwords_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: true;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      subscribers: {
        Row: {
          confirmation_hash: string | null;
          confirmation_sent_at: string | null;
          confirmed_at: string | null;
          created_at: string;
          email: string;
          id: string;
          name: string | null;
          portfolio_id: string;
        };
        Insert: {
          confirmation_hash?: string | null;
          confirmation_sent_at?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
          email: string;
          id?: string;
          name?: string | null;
          portfolio_id: string;
        };
        Update: {
          confirmation_hash?: string | null;
          confirmation_sent_at?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
          email?: string;
          id?: string;
          name?: string | null;
          portfolio_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'subscribers_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      subscription_charges: {
        Row: {
          amount: number;
          created_at: string;
          currency: string;
          id: string;
          paid_at: string;
          period_end: string | null;
          period_start: string | null;
          plan_id: string;
          razorpay_invoice_id: string | null;
          razorpay_payment_id: string;
          subscription_id: string;
          user_id: string;
        };
        Insert: {
          amount: number;
          created_at?: string;
          currency: string;
          id?: string;
          paid_at: string;
          period_end?: string | null;
          period_start?: string | null;
          plan_id: string;
          razorpay_invoice_id?: string | null;
          razorpay_payment_id: string;
          subscription_id: string;
          user_id: string;
        };
        Update: {
          amount?: number;
          created_at?: string;
          currency?: string;
          id?: string;
          paid_at?: string;
          period_end?: string | null;
          period_start?: string | null;
          plan_id?: string;
          razorpay_invoice_id?: string | null;
          razorpay_payment_id?: string;
          subscription_id?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'subscription_charges_subscription_id_fkey';
            columns: ['subscription_id'];
            isOneToOne: false;
            referencedRelation: 'subscriptions';
            referencedColumns: ['id'];
          },
        ];
      };
      subscriptions: {
        Row: {
          amount: number;
          cancel_at_period_end: boolean;
          charge_at: string | null;
          created_at: string;
          currency: string;
          current_end: string | null;
          current_start: string | null;
          ended_at: string | null;
          failed_charges: number;
          id: string;
          plan_id: string;
          razorpay_plan_id: string;
          razorpay_subscription_id: string;
          scheduled_plan_id: string | null;
          second_stopped: boolean;
          starts_at: string | null;
          status: string;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          amount: number;
          cancel_at_period_end?: boolean;
          charge_at?: string | null;
          created_at?: string;
          currency: string;
          current_end?: string | null;
          current_start?: string | null;
          ended_at?: string | null;
          failed_charges?: number;
          id?: string;
          plan_id: string;
          razorpay_plan_id: string;
          razorpay_subscription_id: string;
          scheduled_plan_id?: string | null;
          second_stopped?: boolean;
          starts_at?: string | null;
          status?: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          amount?: number;
          cancel_at_period_end?: boolean;
          charge_at?: string | null;
          created_at?: string;
          currency?: string;
          current_end?: string | null;
          current_start?: string | null;
          ended_at?: string | null;
          failed_charges?: number;
          id?: string;
          plan_id?: string;
          razorpay_plan_id?: string;
          razorpay_subscription_id?: string;
          scheduled_plan_id?: string | null;
          second_stopped?: boolean;
          starts_at?: string | null;
          status?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
    };
    Views: {
      billing_history: {
        Row: {
          amount: number | null;
          currency: string | null;
          id: string | null;
          item_id: string | null;
          item_type: string | null;
          kind: string | null;
          paid_at: string | null;
          payment_id: string | null;
          period_end: string | null;
          period_start: string | null;
          receipt_number: string | null;
          reference: string | null;
        };
        Relationships: [];
      };
      entitlements: {
        Row: {
          brand_kit: boolean | null;
          customized_look: boolean | null;
          plan: string | null;
          plan_expires_at: string | null;
          priority_care: boolean | null;
          remove_branding: boolean | null;
          storage_quota_bytes: number | null;
          templates: string[] | null;
          user_id: string | null;
        };
        Relationships: [];
      };
      storage_usage: {
        Row: {
          bytes: number | null;
          files: number | null;
          user_id: string | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      active_plan: {
        Args: {
          for_user: string;
        };
        Returns: string;
      };
      address_held_for_another: {
        Args: {
          candidate: string;
          for_user: string;
        };
        Returns: string;
      };
      address_held_until: {
        Args: {
          candidate: string;
        };
        Returns: string;
      };
      address_hold_days: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      asks_for_password: {
        Args: {
          data: Json;
        };
        Returns: boolean;
      };
      begin_page_change: {
        Args: {
          portfolio: string;
          for_user: string;
        };
        Returns: Database['public']['Tables']['portfolios']['Row'][];
      };
      billing_grace_period: {
        Args: {
          [_ in never]: never;
        };
        Returns: string;
      };
      blogs_due: {
        Args: {
          until?: string;
        };
        Returns: {
          portfolio_id: string;
          slug: string;
        }[];
      };
      cancel_pending_shop_order: {
        Args: {
          shop_order: string;
        };
        Returns: boolean;
      };
      check_site_password: {
        Args: {
          page_slug: string;
          client: string;
          candidate: string;
        };
        Returns: {
          generation: string;
          retry_after: number;
        }[];
      };
      claim_free_domain_year: {
        Args: {
          for_user: string;
          for_domain: string;
          claim_kind: string;
          starting: string;
        };
        Returns: Json;
      };
      claim_page: {
        Args: {
          portfolio: string;
          token: string;
          expected_version: number;
          expected_template: string;
          new_slug: string;
          page_look: Json;
          shows_badge: boolean;
          shows_look: boolean;
          shows_form: boolean;
        };
        Returns: string;
      };
      claim_shop_order_refund: {
        Args: {
          shop_order: string;
          owner: string;
          request_key: string;
          lines?: Json;
          with_shipping?: boolean;
        };
        Returns: {
          refund_id: string;
          amount: number;
          status: string;
          fresh: boolean;
        }[];
      };
      close_shop: {
        Args: {
          shop_owner: string;
          page?: string;
        };
        Returns: number;
      };
      collects_subscribers: {
        Args: {
          portfolio: string;
        };
        Returns: boolean;
      };
      compact_json_size: {
        Args: {
          value: Json;
        };
        Returns: unknown;
      };
      count_page_view: {
        Args: {
          page_slug: string;
          client: string;
          referrer_host?: string;
          page_path?: string;
        };
        Returns: boolean;
      };
      create_mfa_recovery_codes: {
        Args: {
          [_ in never]: never;
        };
        Returns: string[];
      };
      current_plan: {
        Args: {
          [_ in never]: never;
        };
        Returns: string;
      };
      current_plan_paid_through: {
        Args: {
          [_ in never]: never;
        };
        Returns: string;
      };
      current_storage_use: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          bytes: number;
          files: number;
        }[];
      };
      discard_mfa_recovery_codes: {
        Args: {
          [_ in never]: never;
        };
        Returns: undefined;
      };
      domains_to_serve: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          domain: string;
          portfolio_id: string;
        }[];
      };
      end_page_change: {
        Args: {
          portfolio: string;
          token: string;
        };
        Returns: undefined;
      };
      expire_shop_orders: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      free_domain_allowance: {
        Args: {
          [_ in never]: never;
        };
        Returns: Json;
      };
      held_page: {
        Args: {
          portfolio: string;
          token: string;
        };
        Returns: Database['public']['Tables']['portfolios']['Row'];
      };
      hook_mfa_verification_attempt: {
        Args: {
          event: Json;
        };
        Returns: Json;
      };
      inr_amount_from_text: {
        Args: {
          price: string;
        };
        Returns: number;
      };
      json_list_length: {
        Args: {
          value: Json;
        };
        Returns: number;
      };
      leave_page_message: {
        Args: {
          page: string;
          page_slug: string;
          client: string;
          name: string;
          email: string;
          body: string;
        };
        Returns: {
          message_id: string;
          owner_email: string;
        }[];
      };
      live_post_addresses: {
        Args: {
          until?: string;
        };
        Returns: {
          site_slug: string;
          post_slug: string;
          updated_at: string;
        }[];
      };
      max_portfolios_per_user: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      may_publish: {
        Args: {
          for_user: string;
          template: string;
        };
        Returns: boolean;
      };
      megabytes: {
        Args: {
          bytes: number;
        };
        Returns: string;
      };
      mfa_recovery_code_hash: {
        Args: {
          for_user: string;
          code: string;
        };
        Returns: string;
      };
      mfa_recovery_codes_left: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      mfa_satisfied: {
        Args: {
          [_ in never]: never;
        };
        Returns: boolean;
      };
      my_late_payments: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          order_id: string;
          amount: number;
          currency: string;
          refund_status: string;
          created_at: string;
          refunded_at: string;
        }[];
      };
      my_seller_account: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          razorpay_account_id: string;
          connected_at: string;
          mode: string;
        }[];
      };
      next_unclaimed_plan_year: {
        Args: {
          for_user: string;
          at_time: string;
        };
        Returns: string;
      };
      owed_refund_retry_interval: {
        Args: {
          [_ in never]: never;
        };
        Returns: string;
      };
      owed_refunds_to_retry: {
        Args: {
          batch?: number;
        };
        Returns: {
          payment_id: string;
          owner_id: string;
        }[];
      };
      page_message_limits: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          per_sender: number;
          sender_window: string;
          per_page: number;
          page_window: string;
        }[];
      };
      page_referrers_per_day: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      page_view_pages_per_day: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      page_views_per_client_per_day: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      pages_past_their_plan: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          portfolio_id: string;
          owner_id: string;
          slug: string;
          template_id: string;
          data: Json;
          look: Json;
          badge: boolean;
          customized_look: boolean;
          subscribe_form: boolean;
        }[];
      };
      pages_showing_old_stock: {
        Args: {
          only_page?: string;
        };
        Returns: {
          portfolio_id: string;
          owner_id: string;
          slug: string;
          template_id: string;
          data: Json;
          look: Json;
          badge: boolean;
          customized_look: boolean;
          subscribe_form: boolean;
        }[];
      };
      plan_customizes_look: {
        Args: {
          plan: string;
        };
        Returns: boolean;
      };
      plan_includes_brand_kit: {
        Args: {
          plan: string;
        };
        Returns: boolean;
      };
      plan_includes_priority_care: {
        Args: {
          plan: string;
        };
        Returns: boolean;
      };
      plan_paid_through: {
        Args: {
          for_user: string;
        };
        Returns: string;
      };
      plan_protects_pages: {
        Args: {
          plan: string;
        };
        Returns: boolean;
      };
      plan_started_at: {
        Args: {
          for_user: string;
        };
        Returns: string;
      };
      plan_storage_bytes: {
        Args: {
          plan: string;
        };
        Returns: number;
      };
      plan_year_start: {
        Args: {
          for_user: string;
          at_time: string;
        };
        Returns: string;
      };
      plans_held: {
        Args: {
          for_user: string;
        };
        Returns: {
          plan: string;
          paid_through: string;
        }[];
      };
      portfolio_from_legacy: {
        Args: {
          template_id: string;
          legacy: Json;
        };
        Returns: Json;
      };
      portfolio_limits: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          sections: number;
          items_per_section: number;
          items: number;
          socials: number;
          total_length: number;
        }[];
      };
      portfolio_with_product_amounts: {
        Args: {
          data: Json;
        };
        Returns: Json;
      };
      post_limits: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          posts: number;
          title: number;
          slug: number;
          excerpt: number;
          body: number;
          tags: number;
          tag_length: number;
        }[];
      };
      post_tags_valid: {
        Args: {
          tags: string[];
        };
        Returns: boolean;
      };
      private_site_slugs: {
        Args: {
          [_ in never]: never;
        };
        Returns: string[];
      };
      protected_site_at: {
        Args: {
          page_slug: string;
        };
        Returns: {
          portfolio_id: string;
          hash: string;
          salt: string;
          iterations: number;
          generation: string;
        }[];
      };
      protected_site_at_portfolio: {
        Args: {
          portfolio: string;
        };
        Returns: string;
      };
      protected_slugs: {
        Args: {
          [_ in never]: never;
        };
        Returns: string[];
      };
      published_site_pages: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          slug: string;
          page: string;
          updated_at: string;
        }[];
      };
      record_page_render: {
        Args: {
          portfolio: string;
          token: string;
          shows_badge: boolean;
          shows_look: boolean;
          shows_form: boolean;
        };
        Returns: undefined;
      };
      record_shop_order_payment: {
        Args: {
          razorpay_order: string;
          account: string;
          payment: string;
          paid_amount: number;
          paid_currency: string;
        };
        Returns: {
          outcome: string;
          order_id: string;
          order_number: string;
          owner_id: string;
        }[];
      };
      record_stock_shown: {
        Args: {
          page: string;
          data: Json;
          held: Json;
        };
        Returns: undefined;
      };
      record_stock_shown_unknown: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      redeem_mfa_recovery_code: {
        Args: {
          for_user: string;
          for_session: string;
          code: string;
          device_lost: boolean;
        };
        Returns: string;
      };
      reserve_shop_order: {
        Args: {
          page: string;
          page_slug: string;
          priced_version: number;
          buyer: Json;
          lines: Json;
          delivery: string;
          address: Json;
          currency: string;
          shipping_amount: number;
          hold_for?: string;
        };
        Returns: {
          order_id: string;
          order_number: string;
          total_amount: number;
          owner_id: string;
          expires_at: string;
        }[];
      };
      save_portfolio: {
        Args: {
          portfolio_id: string;
          expected_version: number;
          new_data: Json;
          new_template_id?: string;
        };
        Returns: Database['public']['Tables']['portfolios']['Row'][];
      };
      shop_order_payment_refund_at_razorpay: {
        Args: {
          payment: string;
          refund: string;
        };
        Returns: boolean;
      };
      shop_order_payment_refunded: {
        Args: {
          payment: string;
          refund?: string;
        };
        Returns: boolean;
      };
      shop_order_refund_at_razorpay: {
        Args: {
          refund: string;
          razorpay_refund: string;
        };
        Returns: boolean;
      };
      shop_order_refund_event: {
        Args: {
          account: string;
          razorpay_refund: string;
          payment: string;
          refund_amount: number;
          shop_refund: string;
          outcome: string;
        };
        Returns: {
          result: string;
          refund_id: string;
          order_id: string;
        }[];
      };
      shop_order_refund_settled: {
        Args: {
          refund: string;
          razorpay_refund?: string;
        };
        Returns: boolean;
      };
      shop_stock_give_back: {
        Args: {
          orders: string[];
        };
        Returns: undefined;
      };
      shop_stock_held: {
        Args: {
          page: string;
        };
        Returns: Json;
      };
      shops_past_their_plan: {
        Args: {
          [_ in never]: never;
        };
        Returns: {
          owner_id: string;
        }[];
      };
      site_page_limit: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      site_password_free_tries: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      site_password_salt: {
        Args: {
          page_slug: string;
          client: string;
        };
        Returns: {
          salt: string;
          iterations: number;
          retry_after: number;
        }[];
      };
      site_password_wait_seconds: {
        Args: {
          failures: number;
        };
        Returns: number;
      };
      slug_available: {
        Args: {
          candidate: string;
          for_portfolio?: string;
        };
        Returns: boolean;
      };
      slug_letters: {
        Args: {
          candidate: string;
        };
        Returns: string;
      };
      slug_reserved: {
        Args: {
          candidate: string;
        };
        Returns: boolean;
      };
      slug_skeleton: {
        Args: {
          candidate: string;
        };
        Returns: string;
      };
      slug_words_pattern: {
        Args: {
          words: string[];
        };
        Returns: string;
      };
      snapshot_sold_out: {
        Args: {
          data: Json;
          held: Json;
        };
        Returns: string[];
      };
      staff_slug_pattern: {
        Args: {
          [_ in never]: never;
        };
        Returns: string;
      };
      storage_use: {
        Args: {
          for_user: string;
        };
        Returns: {
          bytes: number;
          files: number;
        }[];
      };
      subscription_holds_until: {
        Args: {
          status: string;
          current_end: string;
          ended_at: string;
          cancel_at_period_end: boolean;
        };
        Returns: string;
      };
      sweep_database: {
        Args: {
          pending_for?: string;
        };
        Returns: undefined;
      };
      sweep_site_password_failures: {
        Args: {
          [_ in never]: never;
        };
        Returns: undefined;
      };
      take_rate_limit: {
        Args: {
          bucket: string;
          max_hits: number;
          per_seconds: number;
        };
        Returns: number;
      };
      take_seller_oauth_state: {
        Args: {
          hash: string;
        };
        Returns: string;
      };
      top_page_referrers: {
        Args: {
          page: string;
          since: string;
          how_many?: number;
        };
        Returns: {
          referrer: string;
          views: number;
        }[];
      };
      unpublish_page: {
        Args: {
          portfolio: string;
          token: string;
        };
        Returns: string;
      };
      username_available: {
        Args: {
          candidate: string;
        };
        Returns: boolean;
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};
